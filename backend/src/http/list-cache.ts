import { createHash } from 'node:crypto';
import type { Context } from 'koa';

/** Where the live read models are, as this process knows it (ReadModelProgress); opaque, compared for equality. */
export type ReadModelPosition = { readonly position: unknown };

/** `body` is the JSON text encoded once, so a response is a copy of bytes rather than an encoding per request. */
export type CachedList = { position: unknown; body: Buffer; etag: string };

/**
 * The JSON text of each list read model (years, videos, articles) and of each year's lineup, queried once per read-model position instead of
 * once per request (docs/read-models.md, "List cache").
 *
 * An entry is stamped with the position this process knew *before* its query started; the query then sees at
 * least everything up to that position, because a position is announced only after its batch committed. An
 * entry is served only while that is still the newest position known, so once a command here has waited for its
 * events' position (read your writes) no older list can be served. Positions are compared for equality only
 * (they are opaque); they only move forward. Concurrent misses at one position share one query.
 */
export class ListCache {
  private readonly entries = new Map<string, CachedList>();
  private readonly inFlight = new Map<string, { position: unknown; promise: Promise<CachedList> }>();

  constructor(private readonly readModels: ReadModelPosition) {}

  async get(name: string, query: () => Promise<string>): Promise<CachedList> {
    const position = this.readModels.position;
    const entry = this.entries.get(name);
    if (entry && entry.position === position) return entry;
    const pending = this.inFlight.get(name);
    if (pending && pending.position === position) return pending.promise;

    const promise = query().then((text) => {
      const body = Buffer.from(text, 'utf8');
      const fresh: CachedList = { position, body, etag: etagOf(body) };
      // A slower query of an older position must not replace a newer entry.
      if (this.readModels.position === position || !this.entries.has(name)) this.entries.set(name, fresh);
      return fresh;
    });
    this.inFlight.set(name, { position, promise });
    const forget = () => {
      if (this.inFlight.get(name)?.promise === promise) this.inFlight.delete(name);
    };
    promise.then(forget, forget);
    return promise;
  }
}

/** A strong ETag from the content, so every process (whatever it cached when) agrees on it. */
export function etagOf(content: string | Buffer): string {
  return `"${createHash('sha1').update(content).digest('base64url')}"`;
}

/**
 * Whether an If-None-Match header names this ETag (weak comparison, RFC 9110 §13.1.2), so the answer can be 304.
 * Evaluated here rather than by Koa's `ctx.fresh`, which answers in full whenever the request says
 * `Cache-Control: no-cache` — what fetch() adds to every request that sets If-None-Match itself; that directive
 * binds caches on the way, not the origin.
 */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/**
 * Answers a cached read model's JSON: its ETag, `no-cache` (browsers revalidate on every use and get a bodiless 304
 * while it is unchanged) and the bytes encoded once.
 */
export function answerCached(ctx: Context, cached: CachedList): void {
  ctx.status = 200;
  ctx.type = 'json';
  ctx.set('ETag', cached.etag);
  ctx.set('Cache-Control', 'no-cache');
  if (ifNoneMatchHits(ctx.get('if-none-match'), cached.etag)) {
    ctx.status = 304;
    return;
  }
  ctx.body = cached.body;
}
