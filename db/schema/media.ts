import { bigint, index, integer, pgEnum, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt } from "./columns";

export const mediaTypeEnum = pgEnum("media_type", ["image", "video", "gif"]);
export type MediaType = (typeof mediaTypeEnum.enumValues)[number];

/** An uploaded file. The bytes live in storage (storageKey); the row holds what the UI shows. */
export const media = pgTable(
  "media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The stored name (unique per user), distinct from what the user uploaded. */
    filename: text("filename").notNull(),
    originalFilename: text("original_filename").notNull(),
    storageKey: text("storage_key").notNull(),
    thumbnailKey: text("thumbnail_key"),
    mimeType: text("mime_type").notNull(),
    type: mediaTypeEnum("type").notNull(),
    /** Bytes. bigint in SQL, a JS number here (safe far beyond any upload limit). */
    size: bigint("size", { mode: "number" }).notNull(),
    width: integer("width"),
    height: integer("height"),
    createdAt: createdAt(),
  },
  (t) => [
    unique("media_user_filename_key").on(t.userId, t.filename),
    // Media library: a user's files, newest first.
    index("media_user_created_idx").on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

export type Media = typeof media.$inferSelect;
export type NewMedia = typeof media.$inferInsert;
