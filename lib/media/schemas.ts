import { z } from "zod";
import { connectablePlatforms } from "@/lib/networks/platforms";

/** Client-safe contract of the media API (spec sections 3, 5, 7). */

export { MEDIA_MAX_FILES, MB, IMAGE_MAX_MB, VIDEO_MAX_MB, MEDIA_MESSAGES } from "./constants";
export type { MediaItem, MediaType } from "./constants";

export const validatePlatformSchema = z.object({
  filename: z.string({ error: "filename is required" }).min(1, { error: "filename is required" }).max(255),
  platform: z.enum(connectablePlatforms, {
    error: `platform must be ${connectablePlatforms.slice(0, -1).join(", ")} or ${connectablePlatforms.at(-1)}`,
  }),
});

export interface PlatformMediaCheck {
  valid: boolean;
  errors: string[];
  warnings: string[];
}
