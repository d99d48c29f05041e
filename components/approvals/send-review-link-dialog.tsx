"use client";

import { Check, Copy } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { REVIEW_LINK_DAYS, REVIEW_LINK_DEFAULT_DAYS } from "@/lib/approvals/review-links";
import { useCreateReviewLink } from "@/lib/client/hooks/approvals";
import { errorMessage } from "@/lib/client/http";
import { toast } from "@/lib/client/toast";

/**
 * 'Send for client review': a link to the chosen posts (each in review) for someone outside the
 * workspace, mailed to them; once made, the link is shown to copy, whether or not the mail went.
 */
export function SendReviewLinkDialog({
  open,
  onOpenChange,
  postIds,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  postIds: readonly string[];
}) {
  const create = useCreateReviewLink();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [days, setDays] = useState(REVIEW_LINK_DEFAULT_DAYS);
  const [sent, setSent] = useState<{ url: string; mailed: boolean; email: string } | null>(null);
  const [copied, setCopied] = useState(false);
  const ids = { name: useId(), email: useId(), days: useId(), url: useId() };
  const what = postIds.length === 1 ? "this post" : `these ${postIds.length} posts`;

  function close(next: boolean) {
    onOpenChange(next);
    if (!next) {
      setSent(null);
      setCopied(false);
    }
  }

  async function send() {
    try {
      const answer = await create.mutateAsync({
        postIds: [...postIds],
        recipientEmail: email.trim(),
        recipientName: name.trim() || undefined,
        expiresInDays: days,
      });
      setSent({ url: answer.data.url, mailed: answer.data.mailed, email: answer.data.recipientEmail });
      if (answer.data.mailed) toast.success(answer.message);
      else toast.warning(answer.message);
    } catch (error) {
      toast.error(errorMessage(error, "Failed to create the review link"));
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success("Link copied");
    } catch {
      toast.error("Could not copy: select the link and copy it yourself.");
    }
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Send for client review</DialogTitle>
          <DialogDescription>
            Someone outside the workspace reviews {what} without an account: they see each post as its networks will
            show it, and approve it or ask for changes. They see nothing else of the workspace.
          </DialogDescription>
        </DialogHeader>
        {sent ? (
          <div className="grid gap-4">
            <p className="text-sm" role="status">
              {sent.mailed
                ? `We e-mailed the link to ${sent.email}.`
                : `The e-mail to ${sent.email} could not be sent.`}{" "}
              Anyone with the link can review {what} until it expires or you withdraw it (Settings › Preferences).
            </p>
            <div className="grid gap-2">
              <Label htmlFor={ids.url}>Review link</Label>
              <div className="flex gap-2">
                <Input id={ids.url} value={sent.url} readOnly onFocus={(event) => event.target.select()} />
                <Button type="button" variant="outline" onClick={() => void copy(sent.url)}>
                  {copied ? <Check aria-hidden /> : <Copy aria-hidden />}
                  {copied ? "Copied" : "Copy"}
                </Button>
              </div>
            </div>
            <DialogFooter>
              <Button type="button" onClick={() => close(false)}>
                Done
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              void send();
            }}
          >
            <div className="grid gap-2">
              <Label htmlFor={ids.name}>Their name (optional)</Label>
              <Input id={ids.name} value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={ids.email}>Their e-mail</Label>
              <Input
                id={ids.email}
                type="email"
                required
                value={email}
                autoComplete="off"
                onChange={(event) => setEmail(event.target.value)}
              />
            </div>
            <NativeSelect
              id={ids.days}
              label="Link works for"
              value={String(days)}
              options={REVIEW_LINK_DAYS.map((value) => ({
                value: String(value),
                label: value === 1 ? "1 day" : `${value} days`,
              }))}
              onChange={(value) => setDays(Number(value))}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending || email.trim() === ""}>
                {create.isPending ? "Sending..." : "Send link"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
