import { TooManyRequestsError } from '../shared/errors';
import { consumeOrThrow, limitKey, loginDelaySeconds, minutesText, waitFor, waitText, type RateLimits } from './rate-limit';

const tooMany = (text: string) => `För många inloggningsförsök. Försök igen ${text}.`;

/**
 * Sign-in throttling (docs/accounts.md, "Rate limits"): per address a budget of attempts, and per (account,
 * address) an exponential wait after failures that a success clears. No rule blocks an account as such, so an
 * attacker failing from one address never keeps the owner, signing in from another, out.
 */
export function loginThrottle(limits: RateLimits) {
  const { pairFailures, pairWait, accountFailures, policy } = limits.login;
  const pairKey = (email: string, ip: string) => limitKey(email, ip);
  return {
    /** Before the password is checked: 429 while the pair waits, or when the address is over its budget. */
    async before(email: string, ip: string): Promise<void> {
      const wait = await waitFor(pairWait, pairKey(email, ip));
      if (wait > 0) throw new TooManyRequestsError(tooMany(waitText(wait)), wait);
      await consumeOrThrow(limits.loginPerIp, limitKey(ip), (seconds) => tooMany(minutesText(seconds)));
    },
    /** A wrong password (or an unknown account): counts the failure and sets the pair's wait for its next attempt. */
    async failed(email: string, ip: string): Promise<void> {
      const key = pairKey(email, ip);
      const pair = await pairFailures.penalty(key);
      const account = await accountFailures.penalty(limitKey(email));
      const delay = loginDelaySeconds(pair.consumedPoints, account.consumedPoints, policy);
      if (delay > 0) await pairWait.block(key, delay);
    },
    /** The right password: the pair starts afresh. The account's count stays (it only ever adds waits). */
    async succeeded(email: string, ip: string): Promise<void> {
      const key = pairKey(email, ip);
      await Promise.all([pairFailures.delete(key), pairWait.delete(key)]);
    },
  };
}

export type LoginThrottle = ReturnType<typeof loginThrottle>;
