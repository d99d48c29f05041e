import { timestamp } from "drizzle-orm/pg-core";

/**
 * Column helpers shared by the schema files (not re-exported from index.ts). Every time is a
 * `timestamptz` read as a JS Date, so values are stored and compared in UTC whatever the server's
 * time zone.
 */

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const createdAt = () => timestamptz("created_at").notNull().defaultNow();

/** Set on insert by the database and on every drizzle `update()` by `$onUpdate`. */
export const updatedAt = () =>
  timestamptz("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
