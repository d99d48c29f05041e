"use client";

import { SendHorizontal, Square } from "lucide-react";
import { useId, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { Button } from "@/components/ui/button";
import { Textarea } from "@/components/ui/textarea";
import { AI_MESSAGES, CHAT_MESSAGE_MAX } from "@/lib/ai/constants";
import { cn } from "@/lib/utils";

interface ChatComposerProps {
  /** The input's accessible name. */
  label: string;
  placeholder: string;
  /** Called with the trimmed text; blank input never gets here. */
  onSend: (text: string) => void;
  /** A reply is streaming: Enter waits, and Send turns into Stop. */
  busy?: boolean;
  onStop?: () => void;
  inputRef?: RefObject<HTMLTextAreaElement | null>;
  className?: string;
}

/**
 * The message box: Enter sends, Shift+Enter starts a new line, blank input is ignored and a
 * message over 2,000 characters is refused with the spec's sentence instead of being sent.
 */
export function ChatComposer({
  label,
  placeholder,
  onSend,
  busy = false,
  onStop,
  inputRef,
  className,
}: ChatComposerProps) {
  const id = useId();
  const ownInput = useRef<HTMLTextAreaElement | null>(null);
  const input = inputRef ?? ownInput;
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const tooLong = text.length > CHAT_MESSAGE_MAX;
  const nearLimit = text.length > CHAT_MESSAGE_MAX * 0.9;

  function submit() {
    const message = text.trim();
    if (!message || busy) return;
    if (message.length > CHAT_MESSAGE_MAX) {
      setError(AI_MESSAGES.chatTooLong);
      return;
    }
    setError(null);
    setText("");
    onSend(message);
    // Send turns into Stop while the answer streams; the caret stays where the next question goes.
    input.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter confirms an IME composition; it must not send half a word.
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    submit();
  }

  return (
    <form
      className={cn("grid gap-1.5", className)}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          ref={input}
          id={id}
          value={text}
          rows={1}
          placeholder={placeholder}
          onChange={(event) => {
            setText(event.target.value);
            if (error && event.target.value.length <= CHAT_MESSAGE_MAX) setError(null);
          }}
          onKeyDown={onKeyDown}
          aria-invalid={tooLong || undefined}
          aria-describedby={error ? `${id}-error` : nearLimit ? `${id}-count` : undefined}
          enterKeyHint="send"
          className="max-h-36 min-h-10 resize-none py-2"
        />
        {busy && onStop ? (
          <Button type="button" variant="outline" onClick={onStop} className="h-10">
            <Square className="fill-current" aria-hidden />
            Stop
          </Button>
        ) : (
          <Button type="submit" className="h-10" disabled={busy}>
            <SendHorizontal aria-hidden />
            Send
          </Button>
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-destructive text-xs">
          {error}
        </p>
      ) : (
        nearLimit && (
          <p
            id={`${id}-count`}
            className={cn("text-right text-xs tabular-nums", tooLong ? "text-destructive" : "text-muted-foreground")}
          >
            {text.length}/{CHAT_MESSAGE_MAX}
          </p>
        )
      )}
    </form>
  );
}
