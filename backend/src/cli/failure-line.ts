/**
 * A command's failure as the one line an operator reads: what failed, why (the error's message and its causes',
 * on one line, never a stack trace) and what to do. Known causes get their own advice.
 */
export function failureLine(what: string, error: unknown, todo = 'fix the cause and run the command again'): string {
  const why = messagesOf(error).join(': ') || 'unknown error';
  return `${what}: ${why}. ${adviceFor(error) ?? capitalise(todo)}.`;
}

function messagesOf(error: unknown): string[] {
  const messages: string[] = [];
  for (let current = error, depth = 0; current !== undefined && current !== null && depth < 4; depth += 1) {
    const message = (current instanceof Error ? current.message : String(current)).replace(/\s+/g, ' ').trim().replace(/\.$/, '');
    if (message && !messages.some((known) => known.includes(message))) messages.push(message);
    current = current instanceof Error ? current.cause : undefined;
  }
  return messages;
}

/** Advice for a database that is not there or went away while the command ran. */
function adviceFor(error: unknown): string | null {
  for (let current = error, depth = 0; current instanceof Error && depth < 4; depth += 1, current = current.cause) {
    const code = (current as { code?: string }).code;
    if (code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === '57P01' || code === '57P03' || /Connection terminated/i.test(current.message)) {
      return 'The database is not reachable (stopped, or npm start ended meanwhile): start it and run the command again';
    }
  }
  return null;
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
