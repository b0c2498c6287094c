import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pageMeta } from '@mello/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { clientLoaderScript, HEAD_MARKER, IndexTemplate, RENDERED_END_ID, LOADER_CHUNKS_PER_TASK, LOADER_FALLBACK_MS } from './index-template';
import { matchClientRoute } from './client-routes';
import { PAGE_MODULES, pageChunks, RoutePreloads } from './route-preloads';

const dirs: string[] = [];
const distWith = (html: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mello-dist-'));
  dirs.push(dir);
  writeFileSync(path.join(dir, 'index.html'), html);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('index.html template', () => {
  it('without a client build, a built-in page still carries the route meta', () => {
    const template = new IndexTemplate(path.join(os.tmpdir(), 'no-such-dist-folder'));
    expect(template.built).toBe(false);
    const html = template.render(pageMeta.about(), 'http://localhost:3000');
    expect(html).toContain('<title data-page-meta>Om Oss | Melloarkivet</title>');
    expect(html).toContain('<link rel="canonical" href="http://localhost:3000/about" data-page-meta>');
    expect(html).not.toContain(HEAD_MARKER);
  });

  it("replaces the marker, drops index.html's own title and description, and reloads after a rebuild", () => {
    const dir = distWith(`<html><head><title>Gammal</title><meta name="description" content="gammal">${HEAD_MARKER}</head><body>v1</body></html>`);
    const template = new IndexTemplate(dir);
    const first = template.render(pageMeta.home(), 'http://x');
    expect(first.match(/<title/g)).toHaveLength(1);
    expect(first).not.toContain('Gammal');
    expect(first.match(/name="description"/g)).toHaveLength(1);
    expect(first).toContain('v1');
    writeFileSync(path.join(dir, 'index.html'), `<html><head>${HEAD_MARKER}</head><body>v2</body></html>`);
    utimesSync(path.join(dir, 'index.html'), new Date(), new Date(Date.now() + 5000));
    expect(template.render(pageMeta.home(), 'http://x')).toContain('v2');
  });

  it('puts the tags before </head> when the marker is missing, and takes $ patterns in titles literally', () => {
    const template = new IndexTemplate(distWith('<html><head><meta charset="utf-8"></head><body></body></html>'));
    const html = template.render({ title: 'Pris $& och $1', description: 'd', path: '/' }, 'http://x');
    expect(html).toMatch(/<title data-page-meta>Pris \$&amp; och \$1<\/title>[\s\S]*<\/head>/);
  });
});

describe('client routes', () => {
  it.each([
    ['/', 'home'],
    ['/years', 'years'],
    ['/years/', 'years'],
    ['/year/1974', 'year'],
    ['/article/abc', 'article'],
    ['/video-archive', 'videoArchive'],
    ['/blog', 'blog'],
    ['/search', 'search'],
    ['/about', 'about'],
    ['/login', 'login'],
    ['/forum', 'forum'],
    ['/lost-media', 'forum'],
    ['/forum/post/abc', 'forumPost'],
    ['/admin', 'admin'],
    ['/admin/edit-year/abc', 'admin'],
    ['/admin/history/year/abc', 'admin'],
    ['/artist/carola-haggkvist', 'artist'],
    ['/songwriter/thomas-g-son', 'songwriter'],
    ['/statistik', 'statistics'],
    ['/kallor', 'sources'],
  ])('%s is the %s page', (pathname, page) => expect(matchClientRoute(pathname)?.page).toBe(page));

  it.each([
    '/nope',
    '/year',
    '/year/1974/extra',
    '/artist',
    '/artist/a/b',
    '/songwriter',
    '/article',
    '/forum/post',
    '/admin/other/x',
    '/admin/history/year',
    '/admin/history/year/a/b',
    '/article/%E0%A4%A',
  ])('%s is not a page', (pathname) => expect(matchClientRoute(pathname)).toBeNull());

  it('a year that is not a number is a year route without a number (answered 404)', () => {
    expect(matchClientRoute('/year/abc')).toEqual({ page: 'year', year: null, param: 'abc' });
  });
});

describe('route preloads', () => {
  const manifest = {
    'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared.js'] },
    '_shared.js': { file: 'assets/shared-2.js' },
    '_card.js': { file: 'assets/card-3.js', imports: ['_shared.js'] },
    [PAGE_MODULES.home!]: { file: 'assets/HomePage-4.js', imports: ['_card.js', '_shared.js'] },
    [PAGE_MODULES.year!]: { file: 'assets/YearPage-5.js' },
  };

  it("gives a page's chunks: the entry's imports, then the page's chunk and its imports not among them", () => {
    const chunks = pageChunks(manifest);
    expect(chunks.get('home')).toEqual(['/assets/shared-2.js', '/assets/HomePage-4.js', '/assets/card-3.js']);
    expect(chunks.get('year')).toEqual(['/assets/shared-2.js', '/assets/YearPage-5.js']);
    expect(chunks.has('blog')).toBe(false); // not in this build: nothing to load
  });

  it("counts the entry's start steps (its dynamic imports) and their imports as the entry's, before the page's", () => {
    const chunks = pageChunks({
      ...manifest,
      'index.html': { ...manifest['index.html'], dynamicImports: ['src/app/start/react-dom.ts'] },
      'src/app/start/react-dom.ts': { file: 'assets/react-dom-6.js', imports: ['_card.js'] },
    });
    expect(chunks.get('home')).toEqual(['/assets/shared-2.js', '/assets/react-dom-6.js', '/assets/card-3.js', '/assets/HomePage-4.js']);
  });

  it('reads the manifest of the build folder, and gives nothing without one', () => {
    const dir = distWith('<html><head></head></html>');
    expect(new RoutePreloads(dir).chunksFor('home')).toEqual([]);
    mkdirSync(path.join(dir, '.vite'));
    writeFileSync(path.join(dir, '.vite/manifest.json'), JSON.stringify(manifest));
    expect(new RoutePreloads(dir).chunksFor('home')).toContain('/assets/HomePage-4.js');
  });
});

describe('rendered page in #root', () => {
  it('puts the server-rendered HTML inside the empty #root, taking $ patterns literally; leaves #root empty without', () => {
    const dir = distWith(`<html><head>${HEAD_MARKER}</head><body><div id="root"></div></body></html>`);
    const template = new IndexTemplate(dir);
    expect(template.render(pageMeta.home(), 'http://x', '')).toContain('<div id="root"></div>');
    const home = template.render(pageMeta.home(), 'http://x', '', '<header>Nav</header><main><h1>Hero $& $1</h1></main>');
    expect(home).toContain('<div id="root"><header>Nav</header><main><h1>Hero $& $1</h1></main></div>');
  });

  it('holds the first paint of a rendered page until its end is parsed; a page without a render is not held', () => {
    const dir = distWith(`<html><head>${HEAD_MARKER}</head><body><div id="root"></div></body></html>`);
    const template = new IndexTemplate(dir);
    const rendered = template.render(pageMeta.home(), 'http://x', '<style></style>', '<main>Hero</main>');
    const expectLink = `<link rel="expect" href="#${RENDERED_END_ID}" blocking="render">`;
    expect(rendered.indexOf(expectLink)).toBeGreaterThan(-1);
    expect(rendered.indexOf(expectLink)).toBeLessThan(rendered.indexOf('</head>'));
    expect(rendered).toContain(`<div id="root"><main>Hero</main></div><span id="${RENDERED_END_ID}" hidden></span>`);
    const empty = template.render(pageMeta.home(), 'http://x');
    expect(empty).not.toContain('rel="expect"');
    expect(empty).not.toContain(RENDERED_END_ID);
  });
});

describe('the client loader', () => {
  const built = `<html><head>${HEAD_MARKER}\n<script type="module" crossorigin src="/assets/index-1.js"></script>\n</head><body><div id="root"></div></body></html>`;

  it("takes the build's entry script out of <head> and starts it from the end of <body>, with the page's chunks", () => {
    const html = new IndexTemplate(distWith(built)).render(pageMeta.home(), 'http://x', '', '<main>Hej</main>', ['/assets/HomePage-4.js']);
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="modulepreload"'); // not in the HTML: asked for after the first paint
    const loader = html.slice(html.indexOf('<div id="root">'));
    expect(loader).toMatch(
      /^<div id="root"><main>Hej<\/main><\/div><span id="rendered-end" hidden><\/span>\s*<script>\(function\(u,d,w\)[\s\S]*<\/script>\s*<\/body>/,
    );
    expect(loader).toContain('{"entry":"/assets/index-1.js","chunks":["/assets/HomePage-4.js"]}');
    expect(loader).toContain('first-contentful-paint');
    // Without a server render there is nothing to paint first: the loader starts at once.
    const unrendered = new IndexTemplate(distWith(built)).render(pageMeta.home(), 'http://x', '', '', ['/assets/HomePage-4.js']);
    expect(unrendered).toContain('<script>(function(u,d,w)');
    expect(unrendered).not.toContain('first-contentful-paint');
  });

  it('asks for the entry and then the chunks once the first contentful paint is on screen, at once in a hidden tab or without a render, at the latest after a while', () => {
    const chunks = ['/assets/a.js', '/assets/b.js', '/assets/c.js', '/assets/d.js', '/assets/e.js', '/assets/f.js'];
    const scriptOf = (afterPaint: boolean) => /<script>([\s\S]*)<\/script>/.exec(clientLoaderScript('/assets/index-1.js', chunks, afterPaint))![1]!;
    const run = (visibilityState: 'visible' | 'hidden', { paintEntries = true, afterPaint = true } = {}) => {
      const added: Array<Record<string, string>> = [];
      const frames: Array<() => void> = [];
      const timers: Array<{ callback: () => void; ms: number }> = [];
      const observers: Array<{
        callback: (list: { getEntriesByName: (name: string) => unknown[] }, observer: unknown) => void;
        disconnected: boolean;
        options: unknown;
      }> = [];
      const document = {
        visibilityState,
        createElement: (tag: string) => ({ tag }) as Record<string, string>,
        head: { appendChild: (element: Record<string, string>) => added.push({ ...element }) },
      };
      class PerformanceObserver {
        static supportedEntryTypes = paintEntries ? ['paint', 'navigation'] : ['navigation'];
        private readonly own;
        constructor(callback: (typeof observers)[number]['callback']) {
          this.own = { callback, disconnected: false, options: null as unknown };
          observers.push(this.own);
        }
        observe(options: unknown) {
          this.own.options = options;
        }
        disconnect() {
          this.own.disconnected = true;
        }
      }
      const window = { PerformanceObserver, requestAnimationFrame: (callback: () => void) => frames.push(callback) };
      new Function('document', 'window', 'setTimeout', scriptOf(afterPaint))(document, window, (callback: () => void, ms: number) =>
        timers.push({ callback, ms }),
      );
      /** Delivers paint entries to the observers, as the browser does after presenting a frame. */
      const paint = (...names: string[]) => {
        for (const observer of observers) {
          if (!observer.disconnected)
            observer.callback({ getEntriesByName: (name) => names.filter((entry) => entry === name) }, { disconnect: () => (observer.disconnected = true) });
        }
      };
      /** Runs the tasks the script queued without a delay, one by one, counting them. */
      const runQueuedTasks = () => {
        let tasks = 0;
        for (let next = timers.findIndex((t) => t.ms === 0); next >= 0; next = timers.findIndex((t) => t.ms === 0)) {
          timers.splice(next, 1)[0]!.callback();
          tasks += 1;
        }
        return tasks;
      };
      return { added, frames, timers, observers, paint, runQueuedTasks };
    };
    const entry = { tag: 'script', type: 'module', crossOrigin: '', src: '/assets/index-1.js' };
    const all = [entry, ...chunks.map((href) => ({ tag: 'link', rel: 'modulepreload', crossOrigin: '', href }))];

    const painted = run('visible');
    expect(painted.observers.map((observer) => observer.options)).toEqual([{ type: 'paint', buffered: true }]);
    expect(painted.frames).toEqual([]); // not the frame: its raster and presentation come after its callbacks
    painted.paint('first-paint'); // a paint without content is not the page on screen
    expect(painted.runQueuedTasks()).toBe(0);
    expect(painted.added).toEqual([]);
    painted.paint('first-contentful-paint');
    expect(painted.observers[0]!.disconnected).toBe(true);
    expect(painted.added).toEqual([]); // in a task of its own, not inside the observer's callback
    const tasks = painted.runQueuedTasks(); // the first task after the paint, then the chunks' own
    expect(painted.added).toEqual(all);
    expect(tasks).toBe(1 + Math.ceil(chunks.length / LOADER_CHUNKS_PER_TASK));
    painted.timers.find((timer) => timer.ms === LOADER_FALLBACK_MS)!.callback();
    expect(painted.added).toEqual(all); // started once only

    const noPaint = run('visible');
    noPaint.timers.find((timer) => timer.ms === LOADER_FALLBACK_MS)!.callback();
    noPaint.runQueuedTasks();
    expect(noPaint.added).toEqual(all);

    const noPaintEntries = run('visible', { paintEntries: false });
    expect(noPaintEntries.observers).toEqual([]);
    noPaintEntries.frames.shift()!();
    expect(noPaintEntries.added).toEqual([]);
    noPaintEntries.runQueuedTasks();
    expect(noPaintEntries.added).toEqual(all);

    for (const atOnce of [run('hidden'), run('visible', { afterPaint: false })]) {
      expect(atOnce.added).toEqual([entry]);
      expect(atOnce.observers).toEqual([]);
      atOnce.runQueuedTasks();
      expect(atOnce.added).toEqual(all);
    }
  });

  it('writes no "<" inside the script, whatever the file names', () => {
    expect(clientLoaderScript('/a</script>.js', ['/b<!--.js']).slice('<script>'.length, -'</script>'.length)).not.toContain('<');
  });
});
