/**
 * Calls made in the same turn of the event loop, answered together. A worker runs many publish jobs
 * at once, and at the instant thousands of posts fall due they reach each step together: one
 * statement for all of them costs about what one costs for each, and a round trip to Postgres is
 * most of a page's CPU. Each caller still gets its own answer.
 *
 * Batches take turns in a lane (by default one of their own, with one slot): calls made while a
 * batch is being answered wait for it and go together in the next one. Fewer, larger statements
 * cost Postgres less CPU per row than many at once (lib/publishing/server/batched.ts).
 *
 * When the batched call fails, each call is made on its own, so a failure stays with the caller it
 * belongs to (and a deadlock between two workers' batches costs a retry, not an error). That is
 * safe for the statements batched here because a failed statement changed nothing.
 */

interface Waiting<In, Out> {
  input: In;
  resolve: (output: Out) => void;
  reject: (error: unknown) => void;
}

export interface Coalesced<In, Out> {
  /** Answers `many` for every call queued this turn; `one` when a turn holds a single call. */
  (input: In): Promise<Out>;
  /** The batched call itself, without the fallback (tests hold each batched statement to its single form). */
  many(inputs: In[]): Promise<Out[]>;
}

/**
 * Slots shared by several coalesced statements: a batch is sent only when it holds one, so the
 * statements of one lane are answered one (or `slots`) at a time between them; requests are served
 * in turn. A batch given its slot takes every call waiting at that moment.
 */
export interface Lane {
  run(work: () => Promise<void>): void;
}

export function lane(slots: number): Lane {
  let active = 0;
  const queue: (() => Promise<void>)[] = [];
  const next = () => {
    while (active < slots && queue.length > 0) {
      const work = queue.shift()!;
      active += 1;
      void work().finally(() => {
        active -= 1;
        next();
      });
    }
  };
  return {
    run(work) {
      queue.push(work);
      next();
    },
  };
}

export interface CoalesceOptions {
  /** The most calls one batch answers. */
  maxBatch?: number;
  /** Where batches wait their turn; by default a lane of one slot of this statement's own. */
  lane?: Lane;
}

export function coalesce<In, Out>(
  /** The answers for `inputs`, in the same order. */
  many: (inputs: In[]) => Promise<Out[]>,
  one: (input: In) => Promise<Out>,
  { maxBatch = 100, lane: shared = lane(1) }: CoalesceOptions = {},
): Coalesced<In, Out> {
  const waiting: Waiting<In, Out>[] = [];
  let requested = false;

  const alone = async (call: Waiting<In, Out>) => {
    try {
      call.resolve(await one(call.input));
    } catch (error) {
      call.reject(error);
    }
  };

  const answer = async (batch: Waiting<In, Out>[]) => {
    if (batch.length === 1) return alone(batch[0]!);
    let outputs: Out[];
    try {
      outputs = await many(batch.map((call) => call.input));
    } catch (error) {
      console.error(`[coalesce] a batch of ${batch.length} failed; answering each on its own`, error);
      await Promise.all(batch.map(alone));
      return;
    }
    batch.forEach((call, index) => call.resolve(outputs[index]!));
  };

  /** Asks the lane for a slot for what waits; with it, sends what waits then (and asks again after). */
  const flush = () => {
    if (requested || waiting.length === 0) return;
    requested = true;
    shared.run(async () => {
      requested = false;
      await answer(waiting.splice(0, maxBatch));
      flush();
    });
  };

  const call = (input: In) =>
    new Promise<Out>((resolve, reject) => {
      // The first call of a turn asks for a slot; calls made until it is given join the batch.
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ input, resolve, reject });
    });
  return Object.assign(call, { many });
}
