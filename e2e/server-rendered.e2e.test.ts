import { request as playwrightRequest, type Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_SEARCH_LENGTH, NO_CONTEST_REASONS_SV, SEARCH_TOO_LONG_MESSAGE, VOTE_COUNT_FINALS_NOTE, authApi, forumApi, pathOf } from '@mello/contracts';
import { VIEWPORTS } from './support/browser';
import { pagesForFile, signInAsNewMember } from './support/pages';

/**
 * Issue 17: every public page arrives rendered. The HTML of each route, fetched without JavaScript, holds the
 * page's content; in Chromium the content is in the document before its first paint, no loading line ('Laddar…',
 * 'Söker…') is ever inserted while the page loads (a MutationObserver from the first byte), React adopts the
 * server's HTML (the nodes stay the same) and logs no hydration mismatch. Against the `npm start` server of
 * e2e/global-setup.ts, with the real archive.
 */
const baseUrl = inject('e2eBaseUrl');
const newPage = pagesForFile({ baseUrl, name: 'server-rendered' });

const TITLE = `Saknas: Melodifestivalen 1975 i färg ${Date.now()}`;
const REPLY = 'Jag har en inspelning av mellanakten på Betamax.';
/** The post is markdown with an @mention of another member (issue 19): the server renders both, not only the client. */
const MENTIONED = 'Tipsaren';
const CONTENT = `## Bevarad i färg?\n\nFinns finalen 1975 bevarad i färg? Allt jag sett är **svartvitt**, fråga @${MENTIONED}.`;
let postId = '';

beforeAll(async () => {
  const tipster = await playwrightRequest.newContext({ baseURL: baseUrl });
  const tipsterRegistered = await tipster.post(authApi.register.path, {
    data: { email: `ssr-tips-${Date.now()}@example.se`, password: 'e2e-password-1', displayName: MENTIONED },
  });
  expect(tipsterRegistered.status(), await tipsterRegistered.text()).toBe(201);
  await tipster.dispose();
  const api = await playwrightRequest.newContext({ baseURL: baseUrl });
  const email = `ssr-${Date.now()}@example.se`;
  const registered = await api.post(authApi.register.path, { data: { email, password: 'e2e-password-1', displayName: 'Renderaren' } });
  expect(registered.status(), await registered.text()).toBe(201);
  const created = await api.post(forumApi.createPost.path, {
    data: { title: TITLE, content: CONTENT, category: 'lost-media', tags: ['färg'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  postId = ((await created.json()) as { id: string }).id;
  const reply = await api.post(pathOf(forumApi.createReply, { id: postId }), { data: { content: REPLY } });
  expect(reply.status(), await reply.text()).toBe(201);
  await api.dispose();
});

/** The text of the page's #root as a crawler without JavaScript reads it: no styles, no scripts, tags as spaces. */
async function renderedText(path: string): Promise<{ status: number; text: string; html: string }> {
  const answer = await fetch(new URL(path, baseUrl));
  const html = await answer.text();
  const root = html.slice(html.indexOf('<div id="root">'));
  const text = root
    .replace(/<(style|script)[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
  return { status: answer.status, text, html };
}

describe('each public route without JavaScript', () => {
  // [name, address (the post's is known only once the tests run), status, texts the page holds]
  const cases: Array<[name: string, path: () => string, status: number, expected: string[]]> = [
    ['/', () => '/', 200, ['Fanarkivet för Melodifestivalen', 'ABBA', 'Waterloo', 'Alla år']],
    // The first page of years, newest first (the rest load with 'Visa fler').
    ['/years', () => '/years', 200, ['Alla Melodifestivalen År', 'Visar de 24 senaste åren', '2012', 'Loreen', 'Visa fler']],
    [
      '/year/1974',
      () => '/year/1974',
      200,
      ['Waterloo', 'Snabbfakta', 'TV-huset (Studio 1)', 'Stockholm', 'Intressanta Fakta', 'Johan Sandström', 'Startfält 1974', 'Lena Ericsson'],
    ],
    // The first page of a category (other tests' posts in other categories cannot push this one to a later page).
    ['/forum', () => '/forum?category=lost-media', 200, ['Lost Media Forum', TITLE]],
    ['/lost-media', () => '/lost-media?category=lost-media&sort=newest', 200, ['Lost Media Forum', TITLE]],
    ['/forum/post/{id}', () => `/forum/post/${postId}`, 200, [TITLE, 'Finns finalen 1975 bevarad i färg?', 'Renderaren', 'Svar', REPLY]],
    // The featured video and the first page of 12 (the rest load with 'Visa fler').
    ['/video-archive', () => '/video-archive', 200, ['Videoarkiv', 'Utvald video', 'Waterloo', 'Unforgettable', 'Visa fler']],
    ['/blog', () => '/blog', 200, ['Artiklar', 'Utvald artikel', 'Fler artiklar', 'Teknik']],
    ['/search?q=abba', () => '/search?q=abba', 200, ['Sökresultat', 'År (', 'Artiklar (', 'Videos (', 'Forum (', 'Waterloo']],
    // A word in nearly every entry: more than a search answers, so the page says so rather than count 500 as all.
    ['/search?q=a (more than 500)', () => '/search?q=a', 200, ['Minst', 'Bidrag (500+)']],
    // A query longer than the API takes: the notice, not 'no hits' for a search that was refused.
    ['/search?q=(too long)', () => `/search?q=${'a'.repeat(MAX_SEARCH_LENGTH + 1)}`, 200, ['Sökresultat', SEARCH_TOO_LONG_MESSAGE]],
    ['/about', () => '/about', 200, ['Vi bevarar Melodifestivalens historia', 'Bevarande', 'Gemenskap', 'Transparens']],
    ['/login', () => '/login', 200, ['Välkommen till Melloarkivet', 'Logga in', 'Skapa konto', 'E-post']],
    ['/statistik', () => '/statistik', 200, ['Melodifestivalen i siffror', '1 099', VOTE_COUNT_FINALS_NOTE]],
    ['/artist/abba', () => '/artist/abba', 200, ['ABBA', 'Waterloo', '1974']],
    ['/songwriter/benny-andersson', () => '/songwriter/benny-andersson', 200, ['Benny Andersson', 'Hej clown']],
    ['/year/1900', () => '/year/1900', 404, ['År 1900 hittades inte', 'Tillbaka till alla år']],
    // A year when no Melodifestival was held is as missing from the archive, and says so and why under the texts.
    [
      '/year/1964',
      () => '/year/1964',
      404,
      ['År 1964 hittades inte', 'Detta år finns inte i vårt arkiv ännu.', NO_CONTEST_REASONS_SV[1964]!, 'Tillbaka till alla år'],
    ],
    ['/article/finns-inte', () => '/article/finns-inte', 404, ['Artikel hittades inte', 'Artikeln du letar efter finns inte.']],
    ['/forum/post/00000000-0000-4000-8000-000000000000', () => '/forum/post/00000000-0000-4000-8000-000000000000', 404, ['Inlägg hittades inte']],
    ['/ingen-sida', () => '/ingen-sida', 404, ['Page Not Found']],
  ];
  for (const [name, path, status, expected] of cases) {
    it(`${name} holds its content`, async () => {
      const page = await renderedText(path());
      expect(page.status).toBe(status);
      for (const text of expected) expect(page.text, text).toContain(text);
      expect(page.text).not.toMatch(/Laddar|Söker\.\.\./);
    });
  }

  it('says no Melodifestival was held only for such a year: not for a contest year, nor for another missing year', async () => {
    for (const [path, status] of [
      ['/year/1965', 200],
      ['/year/1900', 404],
    ] as const) {
      const page = await renderedText(path);
      expect(page.status, path).toBe(status);
      expect(page.text, path).not.toContain('Ingen Melodifestival hölls');
    }
  });

  it("a year page links to the archive's previous and next year, past a year without a contest, so every year is reached without JavaScript", async () => {
    const page = await renderedText('/year/1975');
    expect(page.status).toBe(200);
    const root = page.html.slice(page.html.indexOf('<div id="root">'));
    expect(root).toMatch(/<a [^>]*href="\/year\/1974"[^>]*rel="prev"|<a [^>]*rel="prev"[^>]*href="\/year\/1974"/);
    expect(root).toMatch(/<a [^>]*href="\/year\/1977"[^>]*rel="next"|<a [^>]*rel="next"[^>]*href="\/year\/1977"/);
    expect(page.text).toContain('Föregående år: 1974');
    expect(page.text).toContain('Nästa år: 1977');
    // The first year has no previous; the newest no next.
    expect((await renderedText('/year/1958')).text).not.toContain('Föregående år');
  });

  it('an article page holds the article, and the search page all four sections, Forum (0) included', async () => {
    const blog = await renderedText('/blog');
    const href = /href="(\/article\/[^"]+)"/.exec(blog.html)?.[1];
    expect(href).toBeDefined();
    const article = await renderedText(href!);
    expect(article.status).toBe(200);
    expect(article.text).toContain('Fler artiklar');
    const search = await renderedText('/search?q=waterloo');
    for (const section of ['År (', 'Artiklar (', 'Videos (', 'Forum (0)']) expect(search.text, section).toContain(section);
  });

  it("a forum post's markdown and @mention are rendered by the server: bold, the heading two levels down, the mention a link", async () => {
    const page = await renderedText(`/forum/post/${postId}`);
    expect(page.status).toBe(200);
    const root = page.html.slice(page.html.indexOf('<div id="root">'));
    expect(root).toContain('<strong>svartvitt</strong>');
    // ## under the post title (h1) and the page's sections (h2) is an h4; the raw syntax is gone.
    expect(root).toMatch(/<h4\b[^>]*>Bevarad i färg\?<\/h4>/);
    expect(root).not.toContain('## Bevarad');
    expect(root).not.toContain('**svartvitt**');
    expect(root).toMatch(new RegExp(`<a [^>]*data-mention="[^"]+"[^>]*href="/search\\?q=${MENTIONED}"[^>]*>@${MENTIONED}</a>`));
  });

  it('is the same HTML for a signed-in member as for a visitor (cacheable): the user is not in it', async () => {
    const api = await playwrightRequest.newContext({ baseURL: baseUrl });
    const registered = await api.post(authApi.register.path, {
      data: { email: `ssr-same-${Date.now()}@example.se`, password: 'e2e-password-1', displayName: 'Medlemmen' },
    });
    expect(registered.status()).toBe(201);
    const member = await (await api.get('/year/1974')).text();
    await api.dispose();
    const visitor = await (await fetch(new URL('/year/1974', baseUrl))).text();
    expect(member).toBe(visitor);
    expect(member).not.toContain('Medlemmen');
  });
});

/** Installed before the document: records every text the page ever shows while loading, with when it came. */
function observeLoading(page: Page, content: string) {
  return page.addInitScript((wanted: string) => {
    const seen = { loading: [] as string[], contentAt: -1, fcp: -1 };
    (window as unknown as { __ssr: typeof seen }).__ssr = seen;
    const check = (node: Node) => {
      // A node of the server's HTML, marked as the parser inserts it (before any script): hydration keeps it, a
      // client render would replace it.
      if (node instanceof Element && node.matches('main h1')) node.setAttribute('data-from-server', '');
      const text = node.textContent ?? '';
      const loading = /Laddar[^<]{0,40}|Söker\.\.\./.exec(text);
      if (loading && !(node.parentElement?.closest('script,style') ?? null)) seen.loading.push(loading[0]);
      if (seen.contentAt < 0 && text.includes(wanted)) seen.contentAt = performance.now();
    };
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === 'characterData') check(record.target);
        record.addedNodes.forEach(check);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
    // The server's <style> elements with the style sheets parsed from them, before any script ran.
    document.addEventListener('DOMContentLoaded', () => {
      const elements = Array.from(document.querySelectorAll<HTMLStyleElement>('style[data-server-styles]'));
      (window as unknown as { __serverSheets: unknown }).__serverSheets = elements.map((element) => [element, element.sheet]);
    });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') seen.fcp = entry.startTime;
    }).observe({ type: 'paint', buffered: true });
  }, content);
}

const HYDRATION_PROBLEM = /hydrat|did not match|Minified React error #4(18|19|20|21|22|23|25)/i;

describe('in Chromium, a page arrives whole and React adopts it', () => {
  const pages: Array<[name: string, path: () => string, content: string, heading: string]> = [
    ['home', () => '/', 'Waterloo', 'Varje final, varje vinnare'],
    ['year 1974', () => '/year/1974', 'Snabbfakta', 'Waterloo'],
    // The not-found view of a year without a contest: the client renders its line as the server did.
    ['year 1964', () => '/year/1964', NO_CONTEST_REASONS_SV[1964]!, 'År 1964 hittades inte'],
    ['forum post', () => `/forum/post/${postId}`, REPLY, TITLE],
    // The list's screen hydrates after the visitor's 'Logga in' is known: its own controls for the visitor must wait for
    // its hydration too (the server's HTML has none of them).
    ['forum list', () => '/forum?category=lost-media', TITLE, 'Lost Media Forum'],
    ['video archive', () => '/video-archive', 'Unforgettable', 'Videoarkiv'],
    ['article list', () => '/blog', 'Utvald artikel', 'Artiklar'],
  ];
  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.mobile]) {
    for (const [name, path, content, heading] of pages) {
      it(`${name} (${viewport.name}): content before the first paint, never a loading line, hydrated without a mismatch`, async () => {
        const page = await newPage(viewport);
        const console: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') console.push(message.text());
        });
        await observeLoading(page, content);
        await page.goto(path(), { waitUntil: 'domcontentloaded' });
        // Hydrated and settled: the user's controls appear only after hydration (the visitor's 'Logga in'); on a
        // phone they are in the menu, whose button is offered only once the script runs it.
        if (viewport.mobile) await page.getByRole('button', { name: 'Öppna menyn' }).click();
        await page.getByRole('link', { name: 'Logga in' }).waitFor();
        await page.waitForLoadState('networkidle');
        const seen = await page.evaluate(() => (window as unknown as { __ssr: { loading: string[]; contentAt: number; fcp: number } }).__ssr);
        expect(seen.loading, 'loading lines shown while the page loaded').toEqual([]);
        expect(seen.contentAt, 'the content arrived').toBeGreaterThanOrEqual(0);
        expect(seen.fcp, 'the first paint happened').toBeGreaterThan(0);
        expect(seen.contentAt, 'the content was in the document before the first paint').toBeLessThanOrEqual(seen.fcp);
        // The client's JavaScript is asked for only once that paint is on screen (the page loader in
        // backend/src/seo/index-template.ts): started earlier, it took the CPU from the frame's raster.
        const scriptStarts = await page.evaluate(() =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => /\/assets\/.*\.js$/.test(entry.name))
            .map((entry) => entry.startTime),
        );
        expect(scriptStarts.length, 'the client’s scripts were asked for').toBeGreaterThan(0);
        expect(Math.min(...scriptStarts), 'the first script was asked for after the first contentful paint').toBeGreaterThanOrEqual(seen.fcp);
        await expect.poll(() => page.locator('main h1[data-from-server]').count(), { timeout: 5000 }).toBe(1);
        expect(await page.locator('main h1').first().textContent()).toContain(heading);
        expect(console.filter((text) => HYDRATION_PROBLEM.test(text))).toEqual([]);
        // The server's styles were taken over where they are (frontend/src/app/server-styles.ts): each <style> still
        // holds the very style sheet the browser parsed first (a moved element gets a new one, parsed again, and the
        // page restyled), and Chakra's global styles were not written a second time.
        const styles = await page.evaluate(() => {
          const first = (window as unknown as { __serverSheets: Array<[Element, CSSStyleSheet | null]> }).__serverSheets;
          return {
            server: first.length,
            unchanged: first.filter(([element, sheet]) => element.isConnected && (element as HTMLStyleElement).sheet === sheet).length,
            globalWrittenAgain: Array.from(document.querySelectorAll('style[data-emotion^="css-global"]')).filter((element) => element.textContent).length,
          };
        });
        expect(styles).toEqual({ server: 3, unchanged: 3, globalWrittenAgain: 0 });
      });
    }
  }

  it("a signed-in member's controls appear after hydration without moving anything (no layout shift)", async () => {
    const page = await newPage(VIEWPORTS.desktop, signInAsNewMember('ssr-cls', 'Skiftaren'));
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/year/1974', { waitUntil: 'domcontentloaded' });
    const linksBefore = await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Forum' }).first().boundingBox();
    await page.getByRole('link', { name: 'Logga ut' }).waitFor();
    await page.waitForLoadState('networkidle');
    const linksAfter = await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Forum' }).first().boundingBox();
    expect(linksAfter).toEqual(linksBefore);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts);
    expect(
      shifts.reduce((sum, value) => sum + value, 0),
      `layout shifts: ${shifts.join(', ')}`,
    ).toBeLessThan(0.01);
  });

  it("a signed-in member's forum list and post hydrate on the server's HTML, their controls added after", async () => {
    const page = await newPage(VIEWPORTS.desktop, async (context) => {
      const answer = await context.request.post(authApi.register.path, {
        data: { email: `ssr-member-${Date.now()}@example.se`, password: 'e2e-password-1', displayName: 'Hydreraren' },
      });
      expect(answer.status(), await answer.text()).toBe(201);
    });
    await observeLoading(page, TITLE);
    const console: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') console.push(message.text());
    });
    for (const [path, control] of [
      ['/forum?category=lost-media', 'Skapa inlägg'],
      [`/forum/post/${postId}`, 'Gilla'],
    ] as const) {
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      await page.getByRole('link', { name: 'Logga ut' }).waitFor();
      await page.getByRole('button', { name: control }).first().waitFor();
      await page.waitForLoadState('networkidle');
      // The screen's server nodes were adopted (a mismatch renders the screen anew, without the mark).
      expect(await page.locator('main h1[data-from-server]').count(), path).toBe(1);
    }
    expect(console.filter((text) => HYDRATION_PROBLEM.test(text))).toEqual([]);
  });

  it('a client-side navigation shows the screen with its own loading text, never a generic one', async () => {
    const page = await newPage(VIEWPORTS.desktop);
    const seen: string[] = [];
    await page.goto('/');
    await page.getByRole('link', { name: 'Logga in' }).waitFor();
    await page.exposeFunction('__loadingSeen', (text: string) => seen.push(text));
    await page.evaluate(() => {
      new MutationObserver((records) => {
        const report = (window as unknown as { __loadingSeen: (text: string) => void }).__loadingSeen;
        // Each loading line added (LoadingText is a role=status), alone or inside a screen added around it.
        for (const record of records) {
          record.addedNodes.forEach((node) => {
            if (!(node instanceof Element)) return;
            const lines = [...(node.matches('[role="status"]') ? [node] : []), ...Array.from(node.querySelectorAll('[role="status"]'))];
            for (const line of lines) if (/Laddar/.test(line.textContent ?? '')) report(line.textContent ?? '');
          });
        }
      }).observe(document.body, { childList: true, subtree: true });
    });
    // Slow the API and the code down, so the screen's code and data are still on their way when it is shown.
    await page.route('**/assets/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await page.getByRole('link', { name: 'År för År' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Alla Melodifestivalen År' }).waitFor();
    // The screen's code was held back, so its loading line showed: the spec's 'Laddar år...', nothing else.
    expect(seen.length).toBeGreaterThan(0);
    expect(
      seen.every((text) => text.trim() === 'Laddar år...'),
      seen.join(' | '),
    ).toBe(true);
  });
});
