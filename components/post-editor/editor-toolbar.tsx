"use client";

import { FileUp, ImagePlus, Images, LayoutTemplate, Loader2, Sparkles, Wand2 } from "lucide-react";
import { useRef, type ChangeEvent } from "react";
import { Button } from "@/components/ui/button";
import { MEDIA_ACCEPT } from "@/lib/client/requests/media";
import { IMPORT_ACCEPT } from "./import-file";

interface EditorToolbarProps {
  onOpenTemplates: () => void;
  onImportFile: (file: File) => void;
  onAddMediaFiles: (files: File[]) => void;
  onOpenMediaLibrary: () => void;
  /** Opens the AI Post Generator. */
  onOpenGenerator: () => void;
  onEnhance: () => void;
  /** 'Enhance with AI' is offered only for a saved post with text. */
  showEnhance: boolean;
  enhancing?: boolean;
  uploading: boolean;
  disabled?: boolean;
}

/** Templates, AI Generate, Import File, Enhance with AI, Add Media, Media Library. */
export function EditorToolbar({
  onOpenTemplates,
  onImportFile,
  onAddMediaFiles,
  onOpenMediaLibrary,
  onOpenGenerator,
  onEnhance,
  showEnhance,
  enhancing = false,
  uploading,
  disabled = false,
}: EditorToolbarProps) {
  const importInput = useRef<HTMLInputElement>(null);
  const mediaInput = useRef<HTMLInputElement>(null);

  function takeFiles(event: ChangeEvent<HTMLInputElement>): File[] {
    const files = Array.from(event.target.files ?? []);
    // Choosing the same file again must fire another change.
    event.target.value = "";
    return files;
  }

  return (
    <div role="group" aria-label="Editor tools" className="flex flex-wrap gap-2">
      <Button type="button" variant="outline" size="sm" onClick={onOpenTemplates} disabled={disabled}>
        <LayoutTemplate aria-hidden />
        Templates
      </Button>
      <Button type="button" variant="outline" size="sm" onClick={onOpenGenerator} disabled={disabled}>
        <Sparkles aria-hidden />
        AI Generate
      </Button>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => importInput.current?.click()}
        disabled={disabled}
      >
        <FileUp aria-hidden />
        Import File
      </Button>
      {showEnhance && (
        <Button type="button" variant="outline" size="sm" onClick={onEnhance} disabled={disabled || enhancing}>
          {enhancing ? <Loader2 className="animate-spin" aria-hidden /> : <Wand2 aria-hidden />}
          {enhancing ? "Enhancing..." : "Enhance with AI"}
        </Button>
      )}
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => mediaInput.current?.click()}
        disabled={disabled || uploading}
      >
        <ImagePlus aria-hidden />
        {uploading ? "Uploading..." : "Add Media"}
      </Button>
      <Button type="button" variant="outline" size="sm" onClick={onOpenMediaLibrary} disabled={disabled}>
        <Images aria-hidden />
        Media Library
      </Button>

      <input
        ref={importInput}
        type="file"
        accept={IMPORT_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="import-file-input"
        onChange={(event) => {
          const [file] = takeFiles(event);
          if (file) onImportFile(file);
        }}
      />
      <input
        ref={mediaInput}
        type="file"
        accept={MEDIA_ACCEPT}
        multiple
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="add-media-input"
        onChange={(event) => {
          const files = takeFiles(event);
          if (files.length > 0) onAddMediaFiles(files);
        }}
      />
    </div>
  );
}
