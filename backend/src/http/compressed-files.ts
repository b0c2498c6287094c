import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { Context } from 'koa';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;
const MAX_FILE_BYTES = 5 * 1024 * 1024;

export type Encoding = 'br' | 'gzip';
type Entry = { type: string; encoded: Record<Encoding, Buffer> };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding the client takes, best first; null when it takes neither (or the body is too small to bother). */
export function acceptedEncoding(ctx: Context): Encoding | null {
  // Asked one by one: given both, the negotiator keeps the client's order, and browsers list gzip first.
  if (ctx.acceptsEncodings('br') === 'br') return 'br';
  return ctx.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : null;
}

/** A body compressed with fast settings (a page compressed once per render, or per request when it is not cached). */
export const compressFast = (body: string | Buffer, encoding: Encoding): Buffer =>
  encoding === 'br' ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(body, { level: 6 });

/** A response body compressed for this request when the client accepts it (for the per-request HTML). */
export function compressBody(ctx: Context, body: string): string | Buffer {
  ctx.vary('Accept-Encoding');
  const encoding = Buffer.byteLength(body) > 1024 ? acceptedEncoding(ctx) : null;
  if (!encoding) return body;
  ctx.set('Content-Encoding', encoding);
  return compressFast(body, encoding);
}

/**
 * The client's text files (JavaScript, CSS, SVG…) compressed once, with brotli's and gzip's best settings, and
 * kept in memory: the build's files are few and hashed, and a 600 kB bundle is ~180 kB gzipped on the wire.
 * Koa has no compression of its own here; files it cannot compress (images) are left to koa-send.
 */
export class CompressedFiles {
  private readonly cache = new Map<string, { mtimeMs: number; entry: Promise<Entry> }>();

  constructor(private readonly root: string) {}

  /** Answers the request from the cache when it can; false to let the caller serve the file as it is. */
  async serve(ctx: Context, urlPath: string, cacheControl: string): Promise<boolean> {
    if (!COMPRESSIBLE.test(urlPath)) return false;
    const encoding = acceptedEncoding(ctx);
    if (!encoding) return false;
    const file = this.resolve(urlPath);
    if (!file) return false;
    const entry = await this.load(file);
    if (!entry) return false;
    ctx.status = 200;
    ctx.type = entry.type;
    ctx.vary('Accept-Encoding');
    ctx.set('Content-Encoding', encoding);
    ctx.set('Cache-Control', cacheControl);
    ctx.body = entry.encoded[encoding];
    return true;
  }

  /** The file inside the root for a URL path; null for anything outside it or hidden (dot) segments. */
  private resolve(urlPath: string): string | null {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return null;
    }
    if (decoded.includes('\0') || decoded.split('/').some((segment) => segment.startsWith('.'))) return null;
    const file = path.resolve(this.root, `.${path.posix.normalize(decoded)}`);
    return file.startsWith(this.root + path.sep) ? file : null;
  }

  private async load(file: string): Promise<Entry | null> {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || info.size > MAX_FILE_BYTES) return null;
    const cached = this.cache.get(file);
    if (cached?.mtimeMs === info.mtimeMs) return cached.entry;
    // One compression per file even when several requests ask at once; off the event loop (zlib's thread pool).
    const entry = readFile(file).then(async (content) => ({
      type: path.extname(file),
      encoded: {
        br: await brotliAsync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        gzip: await gzipAsync(content, { level: 9 }),
      },
    }));
    this.cache.set(file, { mtimeMs: info.mtimeMs, entry });
    entry.catch(() => this.cache.delete(file));
    return entry;
  }
}
