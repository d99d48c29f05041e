"use client";

import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { postTemplates, type PostTemplate } from "@/lib/posts/templates";

interface TemplatesDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onChoose: (template: PostTemplate) => void;
}

/** 'Post Templates': the six built-in templates; choosing one fills the editor. */
export function TemplatesDialog({ open, onOpenChange, onChoose }: TemplatesDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Post Templates</DialogTitle>
          <DialogDescription>Start from a template. It replaces the text in the editor.</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-3 sm:grid-cols-2">
          {postTemplates.map((template) => (
            <li key={template.id}>
              <button
                type="button"
                aria-label={template.name}
                aria-describedby={`template-${template.id}-description`}
                onClick={() => onChoose(template)}
                className="hover:bg-accent focus-visible:ring-ring/60 grid h-full w-full gap-1 rounded-lg border p-3 text-left transition-colors outline-none focus-visible:ring-[3px]"
              >
                <span className="font-semibold">{template.name}</span>
                <span id={`template-${template.id}-description`} className="text-muted-foreground text-sm">
                  {template.description}
                </span>
                <span className="text-muted-foreground/80 line-clamp-3 text-xs whitespace-pre-line">
                  {template.template}
                </span>
              </button>
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
