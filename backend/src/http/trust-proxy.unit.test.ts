import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustProxy, trustsPeer } from './trust-proxy';

describe('parseTrustProxy', () => {
  it('trusts nobody when unset, empty, 0 or false', () => {
    for (const value of [undefined, '', ' ', '0', 'false']) expect(parseTrustProxy(value).kind, String(value)).toBe('none');
  });

  it('reads a number as hops and anything else as a list of addresses and ranges', () => {
    expect(parseTrustProxy('2')).toEqual({ kind: 'hops', hops: 2 });
    expect(parseTrustProxy('10.0.0.5, 172.16.0.0/12,loopback,::1,fd00::/8,private').kind).toBe('addresses');
  });

  it('refuses at start-up what is neither (so a typo never means "trust everyone")', () => {
    for (const value of ['true', 'yes', '10.0.0.300', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', 'proxy.example.se', '1.5']) {
      expect(() => parseTrustProxy(value), value).toThrow(/^TRUST_PROXY=/);
    }
  });
});

describe('clientAddress', () => {
  it('without TRUST_PROXY the socket peer is the client and X-Forwarded-For is ignored', () => {
    const none = parseTrustProxy(undefined);
    expect(clientAddress(none, '203.0.113.9', '198.51.100.1')).toBe('203.0.113.9');
    expect(clientAddress(none, '::ffff:203.0.113.9', undefined)).toBe('203.0.113.9');
    expect(trustsPeer(none, '127.0.0.1')).toBe(false);
  });

  it('with N hops the client is the N-th address from the right (what the outermost proxy saw)', () => {
    expect(clientAddress(parseTrustProxy('1'), '10.0.0.2', 'forged, 198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddress(parseTrustProxy('2'), '10.0.0.2', 'forged, 198.51.100.7, 10.0.0.9')).toBe('198.51.100.7');
    // Fewer addresses than hops: the leftmost (Koa's maxIpsCount reads it the same way).
    expect(clientAddress(parseTrustProxy('3'), '10.0.0.2', '198.51.100.7')).toBe('198.51.100.7');
    // No header: the peer.
    expect(clientAddress(parseTrustProxy('1'), '10.0.0.2', undefined)).toBe('10.0.0.2');
    expect(clientAddress(parseTrustProxy('1'), '10.0.0.2', ' , ')).toBe('10.0.0.2');
  });

  it('with a list the header counts only from a trusted peer, and the client is the rightmost untrusted address', () => {
    const trust = parseTrustProxy('10.0.0.0/8,loopback');
    expect(clientAddress(trust, '10.0.0.2', 'forged, 198.51.100.7, 10.0.0.9')).toBe('198.51.100.7');
    expect(clientAddress(trust, '::ffff:127.0.0.1', '198.51.100.7')).toBe('198.51.100.7');
    expect(clientAddress(trust, '::1', '2001:db8::5')).toBe('2001:db8::5');
    // An untrusted peer's header is ignored.
    expect(clientAddress(trust, '203.0.113.9', '198.51.100.7')).toBe('203.0.113.9');
    expect(trustsPeer(trust, '203.0.113.9')).toBe(false);
    // Every hop trusted: the leftmost (a request from inside).
    expect(clientAddress(trust, '10.0.0.2', '10.0.0.8, 127.0.0.1')).toBe('10.0.0.8');
    // Garbage a client put in front of a real chain is never chosen over the address the proxy saw.
    expect(clientAddress(trust, '10.0.0.2', 'not-an-ip, 198.51.100.7')).toBe('198.51.100.7');
  });
});
