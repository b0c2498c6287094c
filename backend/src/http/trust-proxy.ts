import net from 'node:net';
import type { Context, Next } from 'koa';

/**
 * Which proxies may tell us the client's address (X-Forwarded-For) and the request's scheme and host
 * (X-Forwarded-Proto, X-Forwarded-Host). TRUST_PROXY (docs/operations.md):
 * - unset: none. The socket's peer is the client, whatever headers it sends; the headers are ignored.
 * - a number N ≥ 1: N proxies in front, each appending the address it saw: the client is the N-th address from
 *   the right of X-Forwarded-For (Koa's `maxIpsCount`). Use it only when the app cannot be reached but through them.
 * - a comma-separated list of addresses and CIDR ranges (`loopback`, `private` as shorthands): the headers are
 *   believed only from a peer in the list, and the client is the rightmost X-Forwarded-For address not in the list.
 */
export type TrustProxy = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; list: net.BlockList; spec: string };

const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** Reads TRUST_PROXY; throws on a value that is neither a hop count nor a list of addresses (a start-up error). */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === '0' || text === 'false') return { kind: 'none' };
  if (/^\d+$/.test(text)) return { kind: 'hops', hops: Number(text) };
  const list = new net.BlockList();
  for (const entry of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    for (const range of NAMED_RANGES[entry] ?? [entry]) addRange(list, range, value!);
  }
  return { kind: 'addresses', list, spec: text };
}

function addRange(list: net.BlockList, range: string, setting: string) {
  const [address, bits, extra] = range.split('/');
  const family = net.isIP(address ?? '');
  const prefix = bits === undefined ? (family === 6 ? 128 : 32) : /^\d+$/.test(bits) ? Number(bits) : -1;
  if (!family || extra !== undefined || prefix < 0 || prefix > (family === 6 ? 128 : 32)) {
    throw new Error(
      `TRUST_PROXY=${setting}: "${range}" is not an address or CIDR range; give a number of proxies, or addresses and ranges such as 10.0.0.5,172.16.0.0/12,loopback`,
    );
  }
  list.addSubnet(address!, prefix, family === 6 ? 'ipv6' : 'ipv4');
}

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) is 10.0.0.1. */
const plain = (address: string) => address.trim().replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, '$1');

function isTrusted(list: net.BlockList, address: string): boolean {
  const family = net.isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** Whether the forwarding headers of a request from `peer` may be believed. */
export function trustsPeer(trust: TrustProxy, peer: string): boolean {
  if (trust.kind === 'none') return false;
  if (trust.kind === 'hops') return true;
  return isTrusted(trust.list, plain(peer));
}

/** The client's address of a request from the socket peer `peer` carrying `forwardedFor` (X-Forwarded-For). */
export function clientAddress(trust: TrustProxy, peer: string, forwardedFor: string | undefined): string {
  const socket = plain(peer);
  if (!trustsPeer(trust, socket) || !forwardedFor) return socket;
  const chain = forwardedFor.split(',').map(plain).filter(Boolean);
  if (chain.length === 0) return socket;
  if (trust.kind === 'none') return socket;
  if (trust.kind === 'hops') return chain.slice(-trust.hops)[0]!;
  // The rightmost address no trusted proxy vouches for; all trusted means the leftmost (a request from inside).
  return chain.findLast((address) => !isTrusted(trust.list, address)) ?? chain[0]!;
}

const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host'];

/**
 * First middleware: `ctx.ip` becomes the client's address by the rule above. Koa's own `proxy` flag (which makes
 * it read X-Forwarded-Proto and -Host) is on whenever some proxy is trusted; a request from a peer outside the
 * trusted list loses its forwarding headers here, so Koa reads nothing it sent.
 */
export function trustedClientAddress(trust: TrustProxy) {
  return async (ctx: Context, next: Next) => {
    const peer = ctx.req.socket.remoteAddress ?? '';
    if (!trustsPeer(trust, peer)) for (const header of FORWARDING_HEADERS) delete ctx.req.headers[header];
    ctx.request.ip = clientAddress(trust, peer, ctx.get('x-forwarded-for') || undefined);
    await next();
  };
}
