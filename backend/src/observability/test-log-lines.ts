import type { DestinationStream } from 'pino';

/** A pino destination that keeps every line, parsed: what tests read the JSON logs from. */
export function capturedLines(): DestinationStream & { lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  return {
    lines,
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  };
}
