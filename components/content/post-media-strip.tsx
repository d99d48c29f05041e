import Image from "next/image";
import { Film } from "lucide-react";
import type { PostDto } from "@/lib/posts/schemas";

const SHOWN = 4;

/**
 * A post's media as small thumbnails (the first four, then '+N'): an image's thumbnail or the image
 * itself, a video's thumbnail or a film icon (a video file cannot be shown as an image).
 */
export function PostMediaStrip({ media }: { media: PostDto["media"] }) {
  if (media.length === 0) return null;
  const hidden = media.length - SHOWN;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={`${media.length} media ${media.length === 1 ? "file" : "files"}`}>
      {media.slice(0, SHOWN).map((item) => {
        const src = item.thumbnail ?? (item.type === "image" ? item.url : null);
        return (
          <li
            key={item.filename}
            className="bg-muted text-muted-foreground relative grid size-14 place-items-center overflow-hidden rounded-md border"
          >
            {src ? (
              // The app serves media to its owner only: no optimiser round trip.
              <Image src={src} alt={item.originalFilename} fill unoptimized sizes="3.5rem" className="object-cover" />
            ) : (
              <>
                <Film className="size-5" aria-hidden />
                <span className="sr-only">{item.originalFilename}</span>
              </>
            )}
          </li>
        );
      })}
      {hidden > 0 && (
        <li className="bg-muted text-muted-foreground grid size-14 place-items-center rounded-md border text-sm font-medium">
          +{hidden}
        </li>
      )}
    </ul>
  );
}
