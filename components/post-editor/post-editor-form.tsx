"use client";

import { ClipboardCheck } from "lucide-react";
import dynamic from "next/dynamic";
import { useRouter } from "next/navigation";
import { useId, useMemo, useRef, useState } from "react";
import { toast } from "@/lib/client/toast";
import { InlineMessage } from "@/components/media/inline-message";
import { UploadProgress } from "@/components/media/upload-progress";
import { useSessionExpired } from "@/components/media/use-session-expired";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { hasMixedMedia } from "@/lib/client/requests/media";
import { isTemporaryChatId } from "@/lib/client/hooks/use-chat-threads";
import { useCreatePost, useCreatePostLimit, useUpdatePost } from "@/lib/client/hooks/posts";
import { DEFAULT_SHARE_MESSAGE, MESSAGES, POST_CONTENT_MAX, POST_TITLE_MAX } from "@/lib/posts/constants";
import type { PostDto } from "@/lib/posts/schemas";
import type { PostTemplate } from "@/lib/posts/templates";
import { connectablePlatforms, type ConnectablePlatform } from "@/lib/networks/platforms";
import type { AccountGroup } from "@/lib/social/schemas";
import { AttachedMedia } from "./attached-media";
import { CharacterCounts } from "./character-counts";
import { ActionButtons, type SavedPost, type SaveOverrides } from "./action-buttons";
import { AiAssistantPanel } from "./ai-assistant-panel";
import { EditorStatus } from "./editor-status";
import { EditorToolbar } from "./editor-toolbar";
import { EnhanceComparison } from "./enhance-comparison";
import { fitImportedText, IMPORT_MESSAGES, validateImportFile } from "./import-file";
import { buildPageOptions, initialSelection, toPageEntries } from "./page-options";
import { PagePickers } from "./page-pickers";
import { NetworkPreviews } from "./previews/network-previews";
import { useApprovalRole } from "@/lib/client/hooks/approvals";
import { ApprovalActions } from "./approval-actions";
import { saveErrorOutcome } from "./save-error";
import { savedMessage } from "./saved-message";
import { ShareMessageSettings } from "./share-message-settings";
import { SummarizeForX } from "./summarize-for-x";
import { useAttachedMedia } from "./use-attached-media";
import { useOpenedOnce } from "@/lib/client/use-opened-once";
import { useEditorAi } from "./use-editor-ai";
import { useNetworkLimits } from "./use-network-limits";
import { usePasteIndicator } from "./use-paste-indicator";
import { preloadDraftValidation, validateDraft } from "./validate-draft";

// The three dialogs are chunks of their own, loaded when first opened: the editor's first load
// carried them all.
const AiPostGeneratorDialog = dynamic(
  () => import("./ai-post-generator-dialog").then((module) => module.AiPostGeneratorDialog),
  { ssr: false },
);
const TemplatesDialog = dynamic(() => import("./templates-dialog").then((module) => module.TemplatesDialog), {
  ssr: false,
});
const MediaLibraryDialog = dynamic(
  () => import("@/components/media/media-library-dialog").then((module) => module.MediaLibraryDialog),
  { ssr: false },
);

interface PostEditorFormProps {
  groups: readonly AccountGroup[];
  /** The saved post when editing; its values fill the form once, when it mounts. */
  post?: PostDto;
  /** A page to tick under 'Post As' for a new post (the dashboard's 'Create Post'). */
  preselectedPageId?: string | readonly string[] | null;
  /** A new post's time picked on the calendar: where the Schedule dialog starts. */
  scheduleAt?: string | null;
}

export function PostEditorForm({ groups, post, preselectedPageId, scheduleAt = null }: PostEditorFormProps) {
  const router = useRouter();
  const contentId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const options = useMemo(() => buildPageOptions(groups, post), [groups, post]);
  const [title, setTitle] = useState(post?.title ?? "");
  const [content, setContent] = useState(post?.content ?? "");
  const [postPageIds, setPostPageIds] = useState(() => initialSelection("post", options, post, preselectedPageId));
  const [sharePageIds, setSharePageIds] = useState(() => initialSelection("share", options, post, null));
  const [shareContent, setShareContent] = useState(post?.shareContent ?? DEFAULT_SHARE_MESSAGE);
  const [useAIShareMessage, setUseAIShareMessage] = useState(post?.useAIShareMessage ?? false);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const [libraryOpen, setLibraryOpen] = useState(false);
  const attached = useAttachedMedia(post?.media ?? []);
  const { pasted, onPaste } = usePasteIndicator();
  const createPost = useCreatePost();
  const updatePost = useUpdatePost();
  const limit = useCreatePostLimit();
  const sessionExpired = useSessionExpired();

  const editing = Boolean(post);
  const published = post?.status === "published";
  const { mayApprove } = useApprovalRole(post);
  const hasContent = content.trim().length > 0;
  const saving = createPost.isPending || updatePost.isPending;
  const platforms = useMemo(() => {
    const chosen = new Set(
      options
        .flatMap((group) => group.pages)
        .filter((page) => postPageIds.includes(page.id))
        .map((page) => page.platform),
    );
    return connectablePlatforms.filter((platform: ConnectablePlatform) => chosen.has(platform));
  }, [options, postPageIds]);

  const limits = useNetworkLimits({
    initialSummarize: post?.summarizeForTwitter ?? false,
    content,
    platforms,
    options,
    postPageIds,
    setPostPageIds,
  });

  // Every platform the post reaches, original or reshare, for the Schedule Post preview.
  const previewPlatforms = useMemo(() => {
    const chosen = new Set([...postPageIds, ...sharePageIds]);
    const reached = new Set(
      options
        .flatMap((group) => group.pages)
        .filter((page) => chosen.has(page.id))
        .map((page) => page.platform),
    );
    return connectablePlatforms.filter((platform: ConnectablePlatform) => reached.has(platform));
  }, [options, postPageIds, sharePageIds]);

  function focusEditor() {
    requestAnimationFrame(() => textarea.current?.focus());
  }

  // The AI writes for the one platform chosen under 'Post As', else for social media in general.
  const aiPlatform = platforms.length === 1 ? platforms[0]! : "general";
  const ai = useEditorAi({
    post,
    content,
    setContent,
    setShareContent,
    platform: aiPlatform,
    save: () => save({ quiet: true }),
    focusEditor,
  });
  const generatorMounted = useOpenedOnce(ai.generatorOpen);
  const templatesMounted = useOpenedOnce(templatesOpen);
  const libraryMounted = useOpenedOnce(libraryOpen);

  function chooseTemplate(template: PostTemplate) {
    setContent(template.template);
    setTemplatesOpen(false);
    toast.success(`Template "${template.name}" applied`);
    focusEditor();
  }

  async function importFile(file: File) {
    const problem = validateImportFile(file);
    if (problem) {
      toast.error(problem);
      return;
    }
    try {
      const { content: text, truncated } = fitImportedText(await file.text());
      setContent(text);
      if (truncated) toast.warning(IMPORT_MESSAGES.truncated);
      else toast.success(`Imported ${file.name}`);
      focusEditor();
    } catch {
      toast.error("Could not read the file. Please try again.");
    }
  }

  /** Saves the form. `quiet`: for Schedule/Publish Now, which announce their own outcome and navigate. */
  async function save({
    quiet = false,
    overrides = {},
  }: { quiet?: boolean; overrides?: SaveOverrides } = {}): Promise<SavedPost | null> {
    const pages = toPageEntries(options, overrides.postPageIds ?? postPageIds, sharePageIds);
    const share = sharePageIds.length > 0 ? shareContent : null;
    const problem = await validateDraft({ title, content, pages, shareContent: share, media: attached.media });
    if (problem) {
      toast.error(problem);
      return null;
    }
    const body = {
      title: title.trim() || null,
      content,
      pages: pages.map(({ type, pageId, platform }) => ({ type, pageId, platform })),
      media: attached.media.map((item) => item.filename),
      shareContent: share,
      useAIShareMessage,
      summarizeForTwitter: overrides.summarizeForTwitter ?? limits.summarizeForTwitter,
    };
    try {
      if (post) {
        const updated = await updatePost.mutateAsync({ id: post.id, input: body });
        if (!quiet) toast.success(savedMessage(post, updated));
        return { post: updated, created: false };
      } else {
        const created = await createPost.mutateAsync({
          ...body,
          status: "draft",
          chatHistoryId: isTemporaryChatId(ai.chatId) ? null : ai.chatId,
        });
        if (quiet) return { post: created, created: true };
        toast.success("Draft saved");
        // From now on this is the saved post: a reload or 'Back' reopens it for editing.
        router.replace(`/create-post?postId=${encodeURIComponent(created.id)}`, { scroll: false });
        return { post: created, created: true };
      }
    } catch (error) {
      const outcome = saveErrorOutcome(error, post ? "update" : "create");
      if (outcome.kind === "session-expired") sessionExpired();
      else toast.error(outcome.message);
      return null;
    }
  }

  return (
    // The draft's checks load at the first touch of the editor, before anything can be saved.
    <div className="grid gap-6" onFocusCapture={preloadDraftValidation} onPointerDownCapture={preloadDraftValidation}>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{editing ? "Edit Post" : "Create Post"}</h1>
          <p className="text-muted-foreground mt-1">Write once, then post and reshare across your pages.</p>
        </div>
        {post && <EditorStatus post={post} />}
      </header>

      {published && <InlineMessage tone="warning">{MESSAGES.published}</InlineMessage>}

      {/* In the page in the order a phone shows them (the editor, the pickers folded under it, see
          PagePickers, the previews, the assistant), so a page painted before all of it has arrived
          only grows at the bottom; wider screens place them in columns. */}
      <div className="grid items-start gap-6 lg:grid-cols-[20rem_minmax(0,1fr)] xl:grid-cols-[17rem_minmax(0,1fr)_22rem]">
        <Card className="gap-4 py-5 lg:col-start-2 lg:row-start-1">
          <CardContent className="grid gap-4 px-5">
            <EditorToolbar
              onOpenTemplates={() => setTemplatesOpen(true)}
              onImportFile={(file) => void importFile(file)}
              onAddMediaFiles={(files) => void attached.uploadAndAttach(files)}
              onOpenMediaLibrary={() => setLibraryOpen(true)}
              onOpenGenerator={() => ai.setGeneratorOpen(true)}
              onEnhance={ai.enhance}
              showEnhance={editing && hasContent}
              enhancing={ai.enhancing}
              uploading={attached.uploading}
            />
            {attached.progress !== null && <UploadProgress value={attached.progress} />}

            {ai.comparison && (
              <EnhanceComparison
                original={ai.comparison.original}
                enhanced={ai.comparison.enhanced}
                offline={ai.comparison.offline}
                onRevert={ai.revertToOriginal}
                onKeep={ai.keepEnhanced}
              />
            )}

            <div className="grid gap-1.5">
              <Label htmlFor={`${contentId}-title`}>
                Title <span className="text-muted-foreground font-normal">(optional)</span>
              </Label>
              <Input
                id={`${contentId}-title`}
                value={title}
                onChange={(event) => setTitle(event.target.value.replace(/[\r\n]+/g, " "))}
                maxLength={POST_TITLE_MAX}
                placeholder="For your lists only; not posted"
                autoComplete="off"
              />
            </div>

            {/* While the enhancement is compared the text stays as it was, out of the way. */}
            <div className={ai.comparison ? "hidden" : "grid gap-1.5"}>
              <div className="flex min-h-6 items-center justify-between gap-2">
                <Label htmlFor={contentId}>Post content</Label>
                {pasted && (
                  <Badge variant="secondary" role="status">
                    <ClipboardCheck aria-hidden />
                    Pasted
                  </Badge>
                )}
              </div>
              <Textarea
                ref={textarea}
                id={contentId}
                value={content}
                onChange={(event) => setContent(event.target.value)}
                onPaste={onPaste}
                placeholder="What would you like to share?"
                aria-describedby={`${contentId}-count`}
                aria-invalid={content.length > POST_CONTENT_MAX || undefined}
                className="min-h-64 resize-y"
              />
              <CharacterCounts id={`${contentId}-count`} content={content} platforms={platforms} />
              {limits.xChosen && (
                <SummarizeForX
                  checked={limits.summarizeForTwitter}
                  onCheckedChange={limits.setSummarizeForTwitter}
                  overLimit={limits.overOnX}
                />
              )}
            </div>

            <AttachedMedia media={attached.media} onRemove={attached.remove} />

            <ActionButtons
              editing={editing}
              post={post}
              saving={saving}
              saveBlockedReason={
                published ? MESSAGES.published : hasMixedMedia(attached.media) ? MESSAGES.mixedMedia : null
              }
              onSave={() => void save()}
              saveForAction={(overrides) => save({ quiet: true, overrides })}
              limitReached={limit.data?.allowed === false}
              scheduleAt={post?.scheduledAt ?? scheduleAt}
              preview={{ title: title.trim() || null, content, platforms: previewPlatforms, pageIds: postPageIds }}
              refusals={limits.refusals}
              onLimitFix={limits.applyFix}
              onEditText={focusEditor}
            />
            {post && mayApprove && <ApprovalActions post={post} />}
          </CardContent>
        </Card>

        <PagePickers
          className="lg:col-start-1 lg:row-span-2 lg:row-start-1 xl:row-span-1"
          groups={options}
          postIds={postPageIds}
          onPostIdsChange={setPostPageIds}
          shareIds={sharePageIds}
          onShareIdsChange={setSharePageIds}
          shareSettings={
            sharePageIds.length > 0 && (
              <ShareMessageSettings
                value={shareContent}
                onChange={setShareContent}
                useAI={useAIShareMessage}
                onUseAIChange={setUseAIShareMessage}
                saved={editing}
                hasContent={hasContent}
                onGenerateSuggestion={ai.suggestShareMessage}
                generating={ai.suggesting}
              />
            )
          }
        />

        <NetworkPreviews
          groups={groups}
          postPageIds={postPageIds}
          content={content}
          media={attached.media}
          summarizeForTwitter={limits.summarizeForTwitter}
          className="lg:col-start-2 lg:row-start-2"
        />

        <AiAssistantPanel
          post={post}
          content={content}
          chatId={ai.chatId}
          onChatIdChange={ai.setChatId}
          onInsert={ai.insert}
          className="lg:col-start-2 lg:row-start-3 xl:sticky xl:top-20 xl:col-start-3 xl:row-start-1"
        />
      </div>

      {generatorMounted && (
        <AiPostGeneratorDialog
          open={ai.generatorOpen}
          onOpenChange={ai.setGeneratorOpen}
          platform={aiPlatform}
          chatId={ai.chatId}
          onGenerated={ai.onGenerated}
        />
      )}
      {templatesMounted && (
        <TemplatesDialog open={templatesOpen} onOpenChange={setTemplatesOpen} onChoose={chooseTemplate} />
      )}
      {libraryMounted && (
        <MediaLibraryDialog
          open={libraryOpen}
          onOpenChange={setLibraryOpen}
          attached={attached.media}
          onAdd={attached.attach}
          onDeleted={attached.remove}
        />
      )}
    </div>
  );
}
