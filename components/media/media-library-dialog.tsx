"use client";

import { ImageOff, Search, Upload } from "lucide-react";
import { useRef, useState, type ChangeEvent } from "react";
import { toast } from "@/lib/client/toast";
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
import { Spinner } from "@/components/ui/spinner";
import { errorMessage, HttpError } from "@/lib/client/http";
import { useDeleteMedia, useMediaLibrary, useUploadMedia } from "@/lib/client/hooks/media";
import {
  hasMixedMedia,
  isVideo,
  MEDIA_ACCEPT,
  UPLOAD_NETWORK_MESSAGE,
  validateMediaFiles,
} from "@/lib/client/requests/media";
import { MEDIA_MESSAGES, type MediaItem } from "@/lib/media/constants";
import { DeleteMediaDialog } from "./delete-media-dialog";
import { InlineMessage } from "./inline-message";
import { MediaLibraryItem } from "./media-library-item";
import { UploadProgress } from "./upload-progress";
import { useSessionExpired } from "./use-session-expired";

type Filter = "all" | "images" | "videos";
const filters: { value: Filter; label: string }[] = [
  { value: "all", label: "All" },
  { value: "images", label: "Images" },
  { value: "videos", label: "Videos" },
];

interface MediaLibraryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the chosen items; the dialog closes itself afterwards. */
  onAdd: (items: MediaItem[]) => void;
  /** Media already on the post, to warn when the selection would mix images and videos. */
  attached?: readonly Pick<MediaItem, "type" | "filename">[];
  /** Called after a file was deleted from the library (the post drops it too). */
  onDeleted?: (filename: string) => void;
}

/** 'Media Library': search, filter, upload, select and delete the user's media, then add them to the post. */
export function MediaLibraryDialog({ open, onOpenChange, ...props }: MediaLibraryDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl">
        {/* Mounted only while open, so each opening starts with a clean selection and search. */}
        <MediaLibraryBody {...props} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function MediaLibraryBody({
  onAdd,
  attached = [],
  onDeleted,
  onClose,
}: Omit<MediaLibraryDialogProps, "open" | "onOpenChange"> & { onClose: () => void }) {
  const library = useMediaLibrary();
  const { upload, isUploading, progress } = useUploadMedia();
  const deleteMedia = useDeleteMedia();
  const sessionExpired = useSessionExpired();
  const fileInput = useRef<HTMLInputElement>(null);
  const [search, setSearch] = useState("");
  const [filter, setFilter] = useState<Filter>("all");
  const [selected, setSelected] = useState<string[]>([]);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<MediaItem | null>(null);

  const items = library.data ?? [];
  const query = search.trim().toLowerCase();
  const visible = items.filter(
    (item) =>
      (filter === "all" || (filter === "videos") === isVideo(item)) &&
      (!query || item.originalFilename.toLowerCase().includes(query)),
  );
  const selectedItems = items.filter((item) => selected.includes(item.filename));
  const mixed = hasMixedMedia([...attached, ...selectedItems]);

  function toggle(filename: string) {
    setSelected((current) =>
      current.includes(filename) ? current.filter((name) => name !== filename) : [...current, filename],
    );
  }

  async function handleFiles(event: ChangeEvent<HTMLInputElement>) {
    const files = Array.from(event.target.files ?? []);
    event.target.value = "";
    if (files.length === 0) return;
    const problem = validateMediaFiles(files);
    setUploadError(problem);
    if (problem) return;
    try {
      const uploaded = await upload(files);
      // What was just uploaded is most likely what the user wants to add.
      setSelected((current) => [...new Set([...current, ...uploaded.map((item) => item.filename)])]);
      toast.success(uploaded.length === 1 ? "1 file uploaded" : `${uploaded.length} files uploaded`);
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) return sessionExpired();
      setUploadError(errorMessage(error, UPLOAD_NETWORK_MESSAGE));
    }
  }

  function confirmDelete() {
    const item = pendingDelete;
    setPendingDelete(null);
    if (!item) return;
    deleteMedia.mutate(item.filename, {
      onSuccess: () => {
        setSelected((current) => current.filter((name) => name !== item.filename));
        onDeleted?.(item.filename);
        toast.success("Media deleted");
      },
      onError: (error) => toast.error(errorMessage(error, "Failed to delete media")),
    });
  }

  function handleAdd() {
    onAdd(selectedItems);
    onClose();
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Media Library</DialogTitle>
        <DialogDescription>Choose images or a video to attach to your post, or upload new ones.</DialogDescription>
      </DialogHeader>

      <div className="flex flex-wrap items-end gap-3">
        <div className="grid min-w-48 flex-1 gap-1.5">
          <Label htmlFor="media-search" className="sr-only">
            Search media
          </Label>
          <div className="relative">
            <Search className="text-muted-foreground absolute top-1/2 left-2.5 size-4 -translate-y-1/2" aria-hidden />
            <Input
              id="media-search"
              type="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              placeholder="Search media..."
              className="pl-8"
            />
          </div>
        </div>
        <div role="group" aria-label="Filter media" className="flex gap-1">
          {filters.map(({ value, label }) => (
            <Button
              key={value}
              type="button"
              size="sm"
              variant={filter === value ? "default" : "outline"}
              aria-pressed={filter === value}
              onClick={() => setFilter(value)}
            >
              {label}
            </Button>
          ))}
        </div>
        <Button type="button" variant="secondary" onClick={() => fileInput.current?.click()} disabled={isUploading}>
          <Upload aria-hidden />
          {isUploading ? "Uploading..." : "Upload"}
        </Button>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={MEDIA_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="media-library-upload-input"
          onChange={(event) => void handleFiles(event)}
        />
      </div>

      {progress !== null && <UploadProgress value={progress} />}
      {uploadError && <InlineMessage tone="error">{uploadError}</InlineMessage>}
      {mixed && <InlineMessage tone="warning">{MEDIA_MESSAGES.mixed}</InlineMessage>}

      <div className="max-h-[50vh] min-h-40 overflow-y-auto pr-1">
        {library.isPending ? (
          <div className="grid min-h-40 place-items-center">
            <Spinner className="size-6" aria-label="Loading media" />
          </div>
        ) : library.isError ? (
          <div role="alert" className="grid min-h-40 place-items-center gap-3 text-center text-sm">
            <p className="text-destructive font-medium">Failed to load media</p>
            <Button type="button" size="sm" variant="outline" onClick={() => void library.refetch()}>
              Try Again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className="flex min-h-40 flex-col items-center justify-center gap-2 rounded-lg border border-dashed p-6 text-center">
            <ImageOff className="text-muted-foreground size-8" aria-hidden />
            <p className="font-semibold">No media yet</p>
            <p className="text-muted-foreground text-sm">Upload images or videos to use them in your posts.</p>
          </div>
        ) : visible.length === 0 ? (
          <p className="text-muted-foreground grid min-h-40 place-items-center text-sm">
            No media matches your search.
          </p>
        ) : (
          <ul aria-label="Media" className="grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
            {visible.map((item) => (
              <MediaLibraryItem
                key={item.filename}
                item={item}
                selected={selected.includes(item.filename)}
                onToggle={() => toggle(item.filename)}
                onDelete={() => setPendingDelete(item)}
              />
            ))}
          </ul>
        )}
      </div>

      <DialogFooter className="items-center">
        <p className="text-muted-foreground mr-auto text-sm" aria-live="polite">
          {selected.length} selected
        </p>
        <Button type="button" variant="outline" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" onClick={handleAdd} disabled={selectedItems.length === 0}>
          Add Selected ({selectedItems.length})
        </Button>
      </DialogFooter>

      <DeleteMediaDialog
        name={pendingDelete?.originalFilename ?? null}
        onCancel={() => setPendingDelete(null)}
        onConfirm={confirmDelete}
      />
    </>
  );
}
