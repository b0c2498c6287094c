import { describe, expect, it } from 'vitest';
import { isEventStoreUrl, kurrentConnectionString, withoutCredentials } from './connection-string';

describe('EVENTSTORE_URL connection strings', () => {
  it('accepts the KurrentDB schemes and the older esdb spelling, single node or discovery', () => {
    for (const url of [
      'kurrentdb://localhost:2113?tls=false',
      'kurrent://a:1',
      'kdb://a:1',
      'esdb://eventstore:2113?tls=false',
      'kurrentdb+discover://a:2113,b:2113',
      'ESDB+discover://a:2113',
    ]) {
      expect(isEventStoreUrl(url), url).toBe(true);
    }
  });

  it('refuses anything else', () => {
    for (const url of ['http://localhost:2113', 'localhost:2113', 'postgres://x@y/z', 'kurrentdb:/localhost', 'esdb+gossip://a:1', '']) {
      expect(isEventStoreUrl(url), url).toBe(false);
    }
  });

  it('hands the client kurrentdb:// for esdb://, keeping the rest, and leaves the other schemes alone', () => {
    expect(kurrentConnectionString('esdb://admin:changeit@eventstore:2113?tls=false')).toBe('kurrentdb://admin:changeit@eventstore:2113?tls=false');
    expect(kurrentConnectionString('esdb+discover://a:2113,b:2113?tls=true')).toBe('kurrentdb+discover://a:2113,b:2113?tls=true');
    expect(kurrentConnectionString('kdb://a:1')).toBe('kdb://a:1');
  });

  it('shows a URL without its credentials', () => {
    expect(withoutCredentials('kurrentdb://admin:changeit@eventstore:2113?tls=false')).toBe('kurrentdb://eventstore:2113?tls=false');
  });
});
