/** The distinct failures remembered; past this many the memory starts afresh (a flood of new messages cannot grow it). */
const REMEMBERED_MAX = 1000;

/**
 * Logs a failure that may repeat once per message a client sends: the first occurrence with its stack, then only
 * a one-line count at the 2nd, 4th, 8th… occurrence, so a flood of the same failure costs a few lines, not one
 * stack per message.
 */
export function repeatLog(log: (message: string) => void) {
  const seen = new Map<string, number>();
  return (what: string, error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    const key = `${what}: ${message}`;
    if (!seen.has(key) && seen.size >= REMEMBERED_MAX) seen.clear();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (count === 1) log(`${key}${error instanceof Error && error.stack ? `\n${error.stack}` : ''}`);
    else if ((count & (count - 1)) === 0) log(`${key} (${count} times)`);
  };
}
