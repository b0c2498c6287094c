import path from 'node:path';
import { CachedFile } from './cached-file';

/** The page module each route lazy-loads (frontend/src/app/routes.tsx), as vite's manifest names it. */
export const PAGE_MODULES: Record<string, string> = {
  home: 'src/features/home/pages/HomePage.tsx',
  years: 'src/features/years/pages/YearsPage.tsx',
  year: 'src/features/years/pages/YearPage.tsx',
  videoArchive: 'src/features/videos/pages/VideoArchivePage.tsx',
  blog: 'src/features/articles/pages/BlogPage.tsx',
  article: 'src/features/articles/pages/ArticlePage.tsx',
  search: 'src/features/search/pages/SearchPage.tsx',
  about: 'src/features/about/pages/AboutPage.tsx',
  login: 'src/features/login/pages/LoginPage.tsx',
  forum: 'src/features/forum/pages/ForumPage.tsx',
  forumPost: 'src/features/forum/pages/ForumPostPage.tsx',
  admin: 'src/features/admin/pages/AdminPage.tsx',
  artist: 'src/features/lineups/pages/ArtistPage.tsx',
  songwriter: 'src/features/lineups/pages/SongwriterPage.tsx',
  statistics: 'src/features/lineups/pages/StatisticsPage.tsx',
  sources: 'src/features/lineups/pages/SourcesPage.tsx',
  notFound: 'src/app/NotFoundPage.tsx',
  notifications: 'src/features/notifications/pages/NotificationsPage.tsx',
};

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/**
 * The JavaScript of the page a URL shows besides the entry chunk: the entry's imports, the page's lazily loaded
 * chunk and that chunk's imports. The page fetches them with the entry (index-template.ts' loader), so the browser
 * need not learn of them only once the entry chunk has arrived and run (round trips before hydration). Read from vite's manifest (written by
 * `npm start`'s and `npm run build`'s build); without it, none.
 */
export class RoutePreloads {
  private readonly manifest: CachedFile<Map<string, string[]>>;

  constructor(distDir: string) {
    const file = path.join(path.resolve(distDir), '.vite/manifest.json');
    this.manifest = new CachedFile(file, (text) => pageChunks(JSON.parse(text) as Manifest), new Map());
  }

  /** Root-relative URLs ('/assets/HomePage-….js'). */
  chunksFor(page: string): string[] {
    return this.manifest.get().get(page) ?? [];
  }
}

/** Per page: the entry chunk's static imports and start steps, then the page's chunk and its static imports not among them. */
export function pageChunks(manifest: Manifest): Map<string, string[]> {
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key]!.imports ?? []) closure(imported, into);
    return into;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loadedWithEntry = entry ? closure(entry) : new Set<string>();
  // The entry imports the client's start steps dynamically, one task each (frontend/src/main.tsx): every page
  // runs all of them at once, so they are the entry's as much as its static imports.
  for (const step of (entry && manifest[entry]!.dynamicImports) || []) closure(step, loadedWithEntry);
  // The entry's own imports too: the browser would otherwise find them only once the entry chunk has arrived.
  const entryImports = [...loadedWithEntry].filter((key) => key !== entry);
  const chunks = new Map<string, string[]>();
  for (const [page, source] of Object.entries(PAGE_MODULES)) {
    if (!manifest[source]) continue;
    const pageOwn = [...closure(source)].filter((key) => !loadedWithEntry.has(key));
    chunks.set(
      page,
      [...entryImports, ...pageOwn].map((key) => `/${manifest[key]!.file}`),
    );
  }
  return chunks;
}
