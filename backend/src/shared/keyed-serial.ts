/**
 * Runs the tasks given for one key one after another, in the order given; tasks of other keys run freely. For
 * commands on one stream that commute (flags of one item by different members): run at once they would race for
 * the stream's next revision, and every loser but one load, decide and append again.
 */
export function keyedSerial() {
  const tails = new Map<string, Promise<void>>();
  return async function serial<T>(key: string, task: () => Promise<T>): Promise<T> {
    const run = (tails.get(key) ?? Promise.resolve()).then(task);
    const tail = run.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    try {
      return await run;
    } finally {
      // The last task of the key forgets it, so the map holds only keys with work queued.
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
