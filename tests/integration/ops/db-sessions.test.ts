import { describe, expect, it } from "vitest";
import { appInProcess } from "../../fixtures/app-in-process";

/** What every connection of the app's pools (db/index.ts) is set to before its first statement. */

appInProcess();

type Db = typeof import("@/db");

const setting = async (pool: Db["db"]["$client"], name: string) =>
  (await pool.query<Record<string, string>>(`show ${name}`)).rows[0]![name];

describe("the app's database connections", () => {
  it("never compile a statement with JIT, on either pool", async () => {
    const database = await import("@/db");
    expect(await setting(database.db.$client, "jit")).toBe("off");
    expect(await setting(database.plannedOnceDb().$client, "jit")).toBe("off");
  });

  it("keep each statement's first plan on the planned-once pool only", async () => {
    const database = await import("@/db");
    expect(await setting(database.db.$client, "plan_cache_mode")).toBe("auto");
    expect(await setting(database.plannedOnceDb().$client, "plan_cache_mode")).toBe("force_generic_plan");
  });

  it("are set before their first statement, however many open at once", async () => {
    const pool = (await import("@/db")).db.$client;
    const clients = await Promise.all(Array.from({ length: 4 }, () => pool.connect()));
    try {
      const jit = await Promise.all(clients.map(async (client) => (await client.query("show jit")).rows[0].jit));
      expect(jit).toEqual(["off", "off", "off", "off"]);
    } finally {
      for (const client of clients) client.release();
    }
  });
});
