/**
 * Calls made in the same turn of the event loop, answered together. A worker runs many publish jobs
 * at once, and at the instant thousands of posts fall due they reach each step together: one
 * statement for all of them costs about what one costs for each, and a round trip to Postgres is
 * most of a page's CPU. Each caller still gets its own answer.
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

export function coalesce<In, Out>(
  /** The answers for `inputs`, in the same order. */
  many: (inputs: In[]) => Promise<Out[]>,
  one: (input: In) => Promise<Out>,
  maxBatch = 100,
): Coalesced<In, Out> {
  let waiting: Waiting<In, Out>[] = [];

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

  const flush = () => {
    const batch = waiting;
    waiting = [];
    for (let start = 0; start < batch.length; start += maxBatch) void answer(batch.slice(start, start + maxBatch));
  };

  const call = (input: In) =>
    new Promise<Out>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ input, resolve, reject });
    });
  return Object.assign(call, { many });
}
