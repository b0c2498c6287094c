/**
 * EVENTSTORE_URL names a KurrentDB server (EventStoreDB before version 25). @kurrent/kurrentdb-client reads
 * kurrentdb://, kurrent:// and kdb:// (and each with +discover for cluster gossip); it still takes the old
 * esdb:// but prints a deprecation warning on every connection, outside the JSON logs. Both spellings stay
 * accepted, so an .env written for EventStoreDB keeps working: esdb is rewritten to kurrentdb before the client
 * sees it. The query (tls=false, …) and the rest of the string mean the same under either scheme.
 */
export const EVENT_STORE_URL_SCHEMES = ['kurrentdb', 'kurrent', 'kdb', 'esdb'] as const;

const SCHEME = /^([a-z]+)(\+discover)?:\/\/(.+)$/i;

/** Whether `url` is a connection string the client can read: one of the schemes above, then a host. */
export function isEventStoreUrl(url: string): boolean {
  const match = SCHEME.exec(url.trim());
  return match !== null && (EVENT_STORE_URL_SCHEMES as readonly string[]).includes(match[1]!.toLowerCase());
}

/** `url` as the client is given it: esdb:// and esdb+discover:// become kurrentdb:// and kurrentdb+discover://. */
export const kurrentConnectionString = (url: string): string => url.trim().replace(/^esdb(\+discover)?:\/\//i, 'kurrentdb$1://');

/** For messages: kurrentdb://user:secret@host → kurrentdb://host. */
export const withoutCredentials = (url: string): string => url.replace(/\/\/[^/@]*@/, '//');
