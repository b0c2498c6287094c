import { DatabaseNotAnsweringError } from '@mello/projections';
import { createPgDriverFactory } from '@slonik/pg-driver';
import type { DriverFactory } from 'slonik';

/**
 * slonik's pg driver with a client-side deadline on every statement. PostgreSQL's own statement_timeout ends a
 * slow statement, but a server that hangs (stopped with SIGSTOP, a stalled disk, a paused VM) answers nothing,
 * not even the cancellation, and the kernel keeps the socket open: the statement would wait for as long as the
 * server hangs. Past the deadline the call fails with DatabaseNotAnsweringError (503 in the API) and the
 * connection is done for: every later statement on it fails at once, so slonik destroys it instead of handing
 * it out again (a reply arriving later could otherwise be read as the answer to the next statement).
 */
export function driverWithAnswerDeadline(deadlineMs: number, base: DriverFactory = createPgDriverFactory()): DriverFactory {
  return async (input) => {
    const driver = await base(input);
    return {
      createClient: async () => {
        const client = await driver.createClient();
        let givenUp = false;
        return {
          ...client,
          query: async (text, values) => {
            if (givenUp) throw new DatabaseNotAnsweringError(deadlineMs);
            let timer: NodeJS.Timeout | undefined;
            const deadline = new Promise<never>((_, reject) => {
              timer = setTimeout(() => {
                givenUp = true;
                reject(new DatabaseNotAnsweringError(deadlineMs));
              }, deadlineMs);
            });
            try {
              return await Promise.race([client.query(text, values), deadline]);
            } finally {
              clearTimeout(timer);
            }
          },
        };
      },
    };
  };
}
