import path from 'node:path';
import { escapeHtml } from '@mello/contracts';
import { CachedFile } from './cached-file';

/** The page module each route lazy-loads (frontend/src/app/routes.tsx), as vite's manifest names it. */
const PAGE_MODULES: Record<string, string> = {
  home: 'src/pages/HomePage.tsx',
  years: 'src/pages/YearsPage.tsx',
  year: 'src/pages/YearPage.tsx',
  videoArchive: 'src/pages/VideoArchivePage.tsx',
  blog: 'src/pages/BlogPage.tsx',
  article: 'src/pages/ArticlePage.tsx',
  search: 'src/pages/SearchPage.tsx',
  about: 'src/pages/AboutPage.tsx',
  login: 'src/pages/LoginPage.tsx',
  forum: 'src/pages/ForumPage.tsx',
  forumPost: 'src/pages/ForumPostPage.tsx',
  admin: 'src/pages/AdminPage.tsx',
  artist: 'src/features/lineups/pages/ArtistPage.tsx',
  songwriter: 'src/features/lineups/pages/SongwriterPage.tsx',
  statistics: 'src/features/lineups/pages/StatisticsPage.tsx',
  sources: 'src/features/lineups/pages/SourcesPage.tsx',
  notFound: 'src/pages/NotFoundPage.tsx',
  notifications: 'src/features/notifications/NotificationsPage.tsx',
};

type ManifestChunk = { file: string; isEntry?: boolean; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

/**
 * `<link rel="modulepreload">` for the JavaScript of the page a URL shows. Without them the browser learns about
 * the lazily loaded page chunk only after the entry chunk has run: one more round trip before the first content.
 * Read from vite's manifest (written by `npm start`'s and `npm run build`'s build); without it, no preloads.
 */
export class RoutePreloads {
  private readonly manifest: CachedFile<Map<string, string>>;

  constructor(distDir: string) {
    const file = path.join(path.resolve(distDir), '.vite/manifest.json');
    this.manifest = new CachedFile(file, (text) => preloadLinks(JSON.parse(text) as Manifest), new Map());
  }

  linksFor(page: string): string {
    return this.manifest.get().get(page) ?? '';
  }
}

/** Per page: its chunk and static imports, minus what index.html already loads with the entry. */
export function preloadLinks(manifest: Manifest): Map<string, string> {
  const closure = (key: string, into = new Set<string>()) => {
    if (into.has(key) || !manifest[key]) return into;
    into.add(key);
    for (const imported of manifest[key]!.imports ?? []) closure(imported, into);
    return into;
  };
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  const loadedWithEntry = entry ? closure(entry) : new Set<string>();
  const links = new Map<string, string>();
  for (const [page, source] of Object.entries(PAGE_MODULES)) {
    if (!manifest[source]) continue;
    const files = [...closure(source)].filter((key) => !loadedWithEntry.has(key)).map((key) => manifest[key]!.file);
    links.set(page, files.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`).join('\n    '));
  }
  return links;
}
