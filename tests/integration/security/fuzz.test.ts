import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { listApiRoutes } from "../../fixtures/api-routes";
import { describeCase, fuzzCaseArbitrary, sendFuzzCase } from "../../fixtures/fuzz";
import { appUrl, rawQuery, victimWorld } from "../../fixtures/victim";
import { sleep } from "../../fixtures/sleep";

/**
 * Random requests over every route in app/api (see fixtures/fuzz.ts): malformed JSON, wrong types,
 * huge and odd strings, odd query strings, random methods, with and without the fuzzing user's
 * session, naming their own ids, another user's and junk. No answer may be a 5xx; a refused request
 * (4xx) leaves the fuzzing user's rows as they were; the other user's rows never change.
 * FUZZ_RUNS and FUZZ_SEED reproduce or widen a run (bench/fuzz.ts runs 10,000 cases).
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 2_000);

/**
 * Waits until none of the user's posts is due to be published soon (a 2xx may have published one),
 * and every page published has had its first metrics read (the worker's sync writes it at once).
 */
async function settled(userId: string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const { rows } = await rawQuery(
      `SELECT (SELECT count(*)::int FROM posts WHERE workspace_id::text = $1 AND status = 'scheduled'
           AND scheduled_at < now() + interval '10 minutes')
         + (SELECT count(*)::int FROM target_metrics WHERE workspace_id::text = $1 AND captured_at IS NULL
           AND next_sync_at IS NOT NULL AND next_sync_at < now() + interval '10 minutes') AS n`,
      [userId],
    );
    if (rows[0]?.n === 0) return;
    await sleep(100);
  }
}

function diff(before: string, after: string): string {
  const was = new Set(before.split("\n"));
  const now = new Set(after.split("\n"));
  const gone = [...was].filter((line) => !now.has(line)).map((line) => `- ${line.slice(0, 400)}`);
  const added = [...now].filter((line) => !was.has(line)).map((line) => `+ ${line.slice(0, 400)}`);
  return [...gone, ...added].join("\n");
}

describe("fuzz", () => {
  it(`${RUNS} random requests over every route: no 5xx, and a refused request changes nothing`, async () => {
    const other = await victimWorld();
    const fuzzer = await victimWorld();
    const otherBefore = await other.snapshot();
    const cookie = fuzzer.victim.client.cookieHeader();
    const ids = {
      postIds: [fuzzer.ids.postId, other.ids.postId],
      accountIds: [fuzzer.ids.accountId, other.ids.accountId],
      pageIds: [fuzzer.ids.pageId, other.ids.pageId],
      filenames: [fuzzer.ids.filename, other.ids.filename],
      chatIds: [fuzzer.ids.chatId, other.ids.chatId],
    };
    const routes = listApiRoutes();
    const statuses = new Map<number, number>();
    let state = await fuzzer.snapshot();

    await fc.assert(
      fc.asyncProperty(fuzzCaseArbitrary(routes, ids), async (fuzz) => {
        const response = await sendFuzzCase(appUrl(), fuzz, cookie);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        const label = `${response.status} for ${describeCase(fuzz)}: ${response.text.slice(0, 300)}`;
        if (response.status >= 500) throw new Error(label);
        if (response.status >= 400) {
          const after = await fuzzer.snapshot();
          if (after !== state)
            throw new Error(`the refused request changed the user's rows: ${label}\n${diff(state, after)}`);
        } else {
          // Accepted (starting a connection stores its OAuth state even on a GET): a new baseline.
          if (fuzz.method !== "GET" && fuzz.method !== "HEAD") await settled(fuzzer.ids.userId);
          state = await fuzzer.snapshot();
        }
      }),
      {
        numRuns: RUNS,
        ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}),
        // A failing case is reported as found: shrinking would replay requests against changed data.
        endOnFailure: true,
      },
    );

    console.log(
      `fuzz: ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([s, n]) => `${s}×${n}`)
        .join(" ")}`,
    );
    expect(await other.snapshot()).toBe(otherBefore);
  }, 300_000);
});
