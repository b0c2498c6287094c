import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SERVER_RENDER_PATH, type ApiTransport, type ServerRenderModule, type ServerRenderRequest, type ServerRenderResult } from '@mello/contracts';

/**
 * Renders pages with the client build's server render (frontend/src/entry-server.tsx, built beside the client into
 * `{dist}/.server/entry-server.mjs`). The module is loaded once and again only when a new build replaces it, so the
 * server's HTML always matches the client it serves. Without a build (backend tests, an API-only checkout) there
 * is no render: pages go out as the template alone, as before.
 *
 * At most `maxConcurrent` renders run at once: a page that would wait for more answers null at once (the page
 * then goes out unrendered and the browser renders it), so a flood of uncached addresses degrades to client
 * rendering instead of queueing every request behind CPU-bound renders.
 */
export class PageRenderer {
  private loaded: { mtimeMs: number; module: Promise<ServerRenderModule> } | null = null;
  private running = 0;

  constructor(
    private readonly distDir: string,
    private readonly api: () => ApiTransport,
    /** A render that failed as a whole (the module does not load, or throws): the page goes out unrendered. */
    private readonly onError: (error: unknown) => void,
    private readonly maxConcurrent = 4,
  ) {}

  private get file(): string {
    return path.join(path.resolve(this.distDir), ...SERVER_RENDER_PATH);
  }

  /**
   * Which build renders (its file's time), or null without a server render: one look at the file per page
   * request. A page rendered by an older build is not served once a new one is here.
   */
  get version(): number | null {
    return this.module() === null ? null : (this.loaded?.mtimeMs ?? null);
  }

  private module(): Promise<ServerRenderModule> | null {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.file).mtimeMs;
    } catch {
      return null;
    }
    if (this.loaded?.mtimeMs !== mtimeMs) {
      // The file's time in the URL: a rebuilt module is a new module, not the one Node has cached.
      const module = import(`${pathToFileURL(this.file).href}?v=${mtimeMs}`).then((loaded: ServerRenderModule) => {
        loaded.setApiTransport(this.api());
        return loaded;
      });
      this.loaded = { mtimeMs, module };
      module.catch(() => {
        if (this.loaded?.module === module) this.loaded = null;
      });
    }
    return this.loaded.module;
  }

  /** The page's HTML and data, or null when there is no server render, too many run already, or it failed. */
  async render(request: ServerRenderRequest): Promise<ServerRenderResult | null> {
    const module = this.module();
    if (!module || this.running >= this.maxConcurrent) return null;
    this.running += 1;
    try {
      return await (await module).render(request);
    } catch (error) {
      this.onError(error);
      return null;
    } finally {
      this.running -= 1;
    }
  }
}
