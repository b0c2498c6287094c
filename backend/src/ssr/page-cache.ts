import { compressFast, type Encoding } from '../http/compressed-files';
import { etagOf } from '../http/list-cache';

/** A rendered page as sent: the whole HTML document, its ETag, and its compressed forms, each made once. */
export class CachedPage {
  readonly etag: string;
  private readonly encoded = new Map<Encoding, Buffer>();

  constructor(
    readonly status: number,
    readonly html: Buffer,
    /** The read models the page was rendered from, and their change stamp then (ReadModelProgress.changeStamp). */
    readonly readModels: readonly string[],
    readonly stamp: string,
  ) {
    this.etag = etagOf(html);
  }

  body(encoding: Encoding | null): Buffer {
    if (!encoding) return this.html;
    let encoded = this.encoded.get(encoding);
    if (!encoded) {
      encoded = compressFast(this.html, encoding);
      this.encoded.set(encoding, encoded);
    }
    return encoded;
  }

  /** Makes every compressed form now and answers what the page then holds in memory (for the cache's bound). */
  prepare(): number {
    return this.html.byteLength + this.body('br').byteLength + this.body('gzip').byteLength;
  }
}

/**
 * Rendered pages by address, least recently used first out once they hold more than `maxBytes` (HTML and
 * compressed forms counted), so the cache is bounded however many addresses are asked for. An entry is served
 * only while the read models its page was rendered from are unchanged: the caller gives the current stamp of
 * those read models, and an entry of another stamp is a miss (and is dropped).
 */
export class PageCache {
  private readonly entries = new Map<string, { page: CachedPage; bytes: number }>();
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string, stampOf: (readModels: readonly string[]) => string): CachedPage | null {
    const entry = this.entries.get(key);
    if (!entry) return null;
    this.entries.delete(key);
    if (entry.page.stamp !== stampOf(entry.page.readModels)) {
      this.total -= entry.bytes;
      return null;
    }
    // Most recently used last.
    this.entries.set(key, entry);
    return entry.page;
  }

  set(key: string, page: CachedPage): void {
    const old = this.entries.get(key);
    if (old) {
      this.total -= old.bytes;
      this.entries.delete(key);
    }
    const bytes = page.prepare();
    this.entries.set(key, { page, bytes });
    this.total += bytes;
    this.trim();
  }

  private trim(): void {
    for (const [key, entry] of this.entries) {
      if (this.total <= this.maxBytes) break;
      this.entries.delete(key);
      this.total -= entry.bytes;
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get heldBytes(): number {
    return this.total;
  }
}
