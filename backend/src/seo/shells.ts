import path from 'node:path';
import { CachedFile } from './cached-file';

/** The shells the client build renders (frontend/src/shell/shell.tsx, written to dist/.shell/). */
export type ShellName = 'home' | 'page';

/**
 * The first paint of a page, put inside #root: the home page's shows the navigation and the hero, every other
 * page's the navigation and its loading line. Without a build (or an older one), no shell: the client renders alone.
 */
export class Shells {
  private readonly files: Record<ShellName, CachedFile<string>>;

  constructor(distDir: string) {
    const file = (name: ShellName) => new CachedFile(path.join(path.resolve(distDir), '.shell', `${name}.html`), (html) => html, '');
    this.files = { home: file('home'), page: file('page') };
  }

  for(page: string): string {
    return this.files[page === 'home' ? 'home' : 'page'].get();
  }
}
