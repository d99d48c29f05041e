"use client";

import { ChevronLeft, ChevronRight, Sparkles } from "lucide-react";
import { useId, useRef, useState } from "react";
import { InlineMessage } from "@/components/media/inline-message";
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
import { Progress } from "@/components/ui/progress";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import type { AiPlatform, GeneratePostResponse } from "@/lib/ai/schemas";
import { isTemporaryChatId } from "@/lib/client/hooks/use-chat-threads";
import { aiErrorMessage } from "@/lib/client/requests/ai";
import { useGeneratePost } from "@/lib/client/hooks/ai";
import { cn } from "@/lib/utils";
import { emptyDraft, GENERATOR_QUESTIONS, questionError, toAnswers, type GeneratorDraft } from "./generator-questions";

interface AiPostGeneratorDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  platform: AiPlatform;
  /** The editor's AI chat, so the generation is recorded in the same conversation. */
  chatId: string | null;
  onGenerated: (result: GeneratePostResponse) => void;
}

/** 'AI Post Generator': five questions, one at a time, then POST /api/openai/generate-post. */
export function AiPostGeneratorDialog({
  open,
  onOpenChange,
  platform,
  chatId,
  onGenerated,
}: AiPostGeneratorDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl">
        {/* Mounted only while open: every opening starts again at question 1. */}
        {open && (
          <GeneratorSteps
            platform={platform}
            chatId={chatId}
            onGenerated={onGenerated}
            onCancel={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

function GeneratorSteps({
  platform,
  chatId,
  onGenerated,
  onCancel,
}: Omit<AiPostGeneratorDialogProps, "open" | "onOpenChange"> & { onCancel: () => void }) {
  const id = useId();
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<GeneratorDraft>(emptyDraft);
  const [problem, setProblem] = useState<string | null>(null);
  const generate = useGeneratePost();
  const field = useRef<HTMLElement | null>(null);
  const question = GENERATOR_QUESTIONS[step]!;
  const last = step === GENERATOR_QUESTIONS.length - 1;
  const total = GENERATOR_QUESTIONS.length;
  const custom = question.custom && draft[question.key] === question.custom.option ? question.custom : null;

  function change(patch: Partial<GeneratorDraft>) {
    setDraft((current) => ({ ...current, ...patch }));
    setProblem(null);
  }

  function go(to: number) {
    setStep(to);
    setProblem(null);
    generate.reset();
    // The next question's field takes the focus once it is rendered.
    requestAnimationFrame(focusField);
  }

  /** The topic box, or the chosen (else the first) option of a choice question. */
  function focusField() {
    const element = field.current;
    if (!element) return;
    const target = element.matches("textarea")
      ? element
      : (element.querySelector<HTMLElement>('[role="radio"][aria-checked="true"]') ??
        element.querySelector<HTMLElement>('[role="radio"]'));
    target?.focus();
  }

  function next() {
    const error = questionError(question, draft);
    if (error) {
      setProblem(error);
      if (!custom) focusField();
      return;
    }
    if (!last) {
      go(step + 1);
      return;
    }
    // Every question is checked again: an earlier answer may have been cleared on the way back.
    const firstBad = GENERATOR_QUESTIONS.findIndex((item) => questionError(item, draft));
    if (firstBad !== -1) {
      go(firstBad);
      setProblem(questionError(GENERATOR_QUESTIONS[firstBad]!, draft));
      return;
    }
    generate.mutate(
      { answers: toAnswers(draft), platform, chatId: isTemporaryChatId(chatId) ? null : chatId },
      { onSuccess: onGenerated },
    );
  }

  if (generate.isPending) {
    return (
      <>
        <DialogHeader>
          <DialogTitle>AI Post Generator</DialogTitle>
          <DialogDescription>Writing your post from your answers.</DialogDescription>
        </DialogHeader>
        <div className="flex flex-col items-center justify-center gap-3 py-12">
          <Spinner className="text-primary size-8" aria-label="Generating your post" />
          <p className="text-muted-foreground text-sm">Generating your post...</p>
        </div>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </DialogFooter>
      </>
    );
  }

  return (
    <form
      className="grid gap-5"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        next();
      }}
    >
      <DialogHeader>
        <DialogTitle className="flex items-center gap-2">
          <Sparkles className="text-primary size-5" aria-hidden />
          AI Post Generator
        </DialogTitle>
        <DialogDescription>Answer five quick questions and the AI writes the post for you.</DialogDescription>
      </DialogHeader>

      <div className="grid gap-2">
        <div className="text-muted-foreground flex items-center justify-between text-xs">
          <span aria-live="polite">
            Question {step + 1} of {total}
          </span>
          <span>{question.required ? "Required" : "Optional"}</span>
        </div>
        <Progress
          value={((step + 1) / total) * 100}
          aria-label={`Question ${step + 1} of ${total}`}
          className="h-1.5"
        />
      </div>

      <fieldset className="grid gap-3" aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ""}`}>
        <legend className="mb-1 text-base font-semibold">{question.title}</legend>
        <p id={`${id}-hint`} className="text-muted-foreground -mt-2 text-sm">
          {question.hint}
        </p>

        {question.options ? (
          <RadioGroup
            id={`${id}-field`}
            ref={(element) => {
              field.current = element;
            }}
            value={draft[question.key]}
            onValueChange={(value) => change({ [question.key]: value })}
            aria-label={question.title}
            aria-invalid={Boolean(problem) || undefined}
            className={cn("grid gap-2", question.options.length > 3 && "sm:grid-cols-2")}
          >
            {question.options.map((option) => {
              const optionId = `${id}-${question.key}-${option.value.replace(/\W+/g, "-")}`;
              const checked = draft[question.key] === option.value;
              return (
                <Label
                  key={option.value}
                  htmlFor={optionId}
                  className={cn(
                    "hover:bg-accent/60 flex cursor-pointer items-center gap-3 rounded-lg border px-3 py-2.5 font-normal transition-colors",
                    checked && "border-primary bg-primary/10",
                  )}
                >
                  <RadioGroupItem id={optionId} value={option.value} />
                  {option.label}
                </Label>
              );
            })}
          </RadioGroup>
        ) : (
          <Textarea
            id={`${id}-field`}
            ref={(element) => {
              field.current = element;
            }}
            value={draft.topic}
            onChange={(event) => change({ topic: event.target.value })}
            onKeyDown={(event) => {
              // Enter moves on, as in the other questions; Shift+Enter still breaks the line.
              if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                next();
              }
            }}
            aria-label="Topic"
            aria-invalid={Boolean(problem) || undefined}
            placeholder="e.g. Our new seasonal menu launches this Saturday"
            rows={3}
            autoFocus
          />
        )}

        {custom && (
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-custom`}>{custom.label}</Label>
            <Input
              id={`${id}-custom`}
              value={draft[custom.field]}
              onChange={(event) => change({ [custom.field]: event.target.value })}
              placeholder={custom.placeholder}
              maxLength={custom.field === "customCallToAction" ? 200 : 300}
              aria-invalid={Boolean(problem) || undefined}
              autoFocus
            />
          </div>
        )}

        {problem && (
          <p id={`${id}-problem`} role="alert" className="text-destructive text-sm">
            {problem}
          </p>
        )}
      </fieldset>

      {generate.isError && <InlineMessage tone="error">{aiErrorMessage(generate.error)}</InlineMessage>}

      <DialogFooter className="gap-2 sm:justify-between">
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button type="button" variant="outline" onClick={() => go(step - 1)} disabled={step === 0}>
            <ChevronLeft aria-hidden />
            Previous
          </Button>
          {last ? (
            <Button type="submit">
              <Sparkles aria-hidden />
              Generate Post
            </Button>
          ) : (
            <Button type="submit">
              Next
              <ChevronRight aria-hidden />
            </Button>
          )}
        </div>
      </DialogFooter>
    </form>
  );
}
