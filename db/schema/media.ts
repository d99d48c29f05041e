import { bigint, index, integer, pgEnum, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { workspaces } from "./workspaces";
import { createdAt } from "./columns";

export const mediaTypeEnum = pgEnum("media_type", ["image", "video", "gif"]);
export type MediaType = (typeof mediaTypeEnum.enumValues)[number];

/** An uploaded file. The bytes live in storage (storageKey); the row holds what the UI shows. */
export const media = pgTable(
  "media",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    workspaceId: text("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** The stored name (unique per workspace), distinct from what the user uploaded. */
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
    unique("media_workspace_filename_key").on(t.workspaceId, t.filename),
    // Media library: a workspace's files, newest first.
    index("media_workspace_created_idx").on(t.workspaceId, t.createdAt.desc().nullsFirst()),
  ],
);

export type Media = typeof media.$inferSelect;
export type NewMedia = typeof media.$inferInsert;
