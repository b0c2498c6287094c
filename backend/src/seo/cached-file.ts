import { readFileSync, statSync } from 'node:fs';

/**
 * A file of the client build, read once and kept in memory; read again only when it changes (a rebuild while the
 * server runs), which costs one stat per use. A missing file gives `missing`; a file that cannot be parsed (being
 * written) gives `missing` until it is whole.
 */
export class CachedFile<T> {
  private cached: { mtimeMs: number; value: T } | null = null;

  constructor(
    private readonly file: string,
    private readonly parse: (text: string) => T,
    private readonly missing: T,
  ) {}

  get(): T {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(this.file).mtimeMs;
    } catch {
      return this.missing;
    }
    if (this.cached?.mtimeMs !== mtimeMs) {
      try {
        this.cached = { mtimeMs, value: this.parse(readFileSync(this.file, 'utf8')) };
      } catch {
        return this.missing;
      }
    }
    return this.cached.value;
  }
}
