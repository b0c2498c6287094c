import { CachedPage, PageCache } from './page-cache';
import { PAGE_READ_MODEL_SETS, pageReadModels } from './page-read-models';
import type { PageRenderer } from './page-renderer';
import type { InitialQueryText } from '@mello/contracts';

/** A page as made by the caller: the whole HTML document and the queries it was rendered from. */
export type MadePage = { status: number; html: string; queries: readonly InitialQueryText[]; cacheable: boolean };

/** Where the read models' change stamps come from (ReadModelProgress in an API process). */
export type ChangeStamps = { changeStamp: (projections: readonly string[]) => string };

/**
 * Server-rendered pages and their cache (docs/rendering.md). A page is rendered once and then served from memory
 * until a read model it was rendered from changes: the stamps of those read models are taken before the render
 * reads them, so a change committed during the render makes the entry stale rather than lost. Requests for a page
 * that is being rendered wait for that render instead of starting their own.
 */
export class RenderedPages {
  private readonly cache: PageCache;
  private readonly inFlight = new Map<string, Promise<CachedPage>>();

  constructor(
    readonly renderer: PageRenderer,
    private readonly stamps: ChangeStamps,
    maxBytes: number,
  ) {
    this.cache = new PageCache(maxBytes);
  }

  /** The page at `key` from the cache, or made by `make` (and kept when it is cacheable); null without a server render. */
  async page(key: string, make: () => Promise<MadePage>): Promise<CachedPage | null> {
    const version = this.renderer.version;
    if (version === null) return null;
    key = `${version} ${key}`;
    const hit = this.cache.get(key, (readModels) => this.stamps.changeStamp(readModels));
    if (hit) return hit;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const promise = this.make(key, make);
    this.inFlight.set(key, promise);
    const forget = () => {
      if (this.inFlight.get(key) === promise) this.inFlight.delete(key);
    };
    promise.then(forget, forget);
    return promise;
  }

  private async make(key: string, make: () => Promise<MadePage>): Promise<CachedPage> {
    const before = new Map<readonly string[], string>(PAGE_READ_MODEL_SETS.map((set) => [set, this.stamps.changeStamp(set)]));
    const made = await make();
    const readModels = pageReadModels(made.queries);
    const page = new CachedPage(made.status, Buffer.from(made.html, 'utf8'), readModels, before.get(readModels) ?? '');
    if (made.cacheable) this.cache.set(key, page);
    return page;
  }

  /** How many pages are kept, and their bytes (HTML and compressed forms). */
  get held(): { pages: number; bytes: number } {
    return { pages: this.cache.size, bytes: this.cache.heldBytes };
  }
}
