import type { Article } from '../archive/articles';
import type { Video } from '../archive/videos';
import type { ArtistDetail, SongwriterDetail } from '../archive/lineup-views';
import type { Year } from '../archive/years';
import type { ForumPost } from '../forum/forum';
import { articlePath, artistPath, forumPostPath, songwriterPath, yearPath } from '../archive/page-paths';
import { plainMarkdownLine } from '../plain-markdown';
import { excerptLine, firstCharacters } from '../text';
import {
  DEFAULT_SHARE_IMAGE,
  SITE_NAME,
  articleJsonLd,
  musicEventJsonLd,
  musicGroupJsonLd,
  songwriterJsonLd,
  videoJsonLd,
  websiteJsonLd,
  type JsonLd,
} from './structured-data';

export { DEFAULT_SHARE_IMAGE, SITE_NAME, isoDateOf, isoDurationOf } from './structured-data';
export { absolutePageMeta, absoluteUrl, type AbsolutePageMeta } from './absolute-urls';
export { PAGE_META_ATTRIBUTE, escapeHtml, pageHeadTags, renderHeadTags, scriptSafeJson, type HeadTag } from './head-tags';

/**
 * What a page tells search engines and link previews. The same builders run in the browser (usePageMeta) and on
 * the server (the HTML a crawler gets), so both always agree. `path` is the canonical path; `image` a path or an
 * absolute URL; `type` the Open Graph type (default 'website').
 */
export type PageMeta = {
  title: string;
  description: string;
  path: string;
  image?: string;
  type?: string;
  jsonLd?: object[];
  noindex?: boolean;
};

/** Spec section 9: structured data for at most 10 years on /years, 8 videos and 5 articles elsewhere. */
export const STRUCTURED_DATA_LIMITS = { years: 10, videos: 8, articles: 5 } as const;
/** Spec: a year's meta description is the first 100 characters of its description. */
export const YEAR_DESCRIPTION_LENGTH = 100;
/** A forum post's description: the start of its text as read (markdown made plain, on one line). */
const FORUM_POST_DESCRIPTION_LENGTH = 160;

const SITE_DESCRIPTION = 'Ett oberoende fanarkiv om Melodifestivalen från 1958 till i dag: alla år, vinnare, videor, artiklar och ett forum för lost media.';

const titled = (title: string) => `${title} | ${SITE_NAME}`;

/** The artist and songwriter not-found views' titles and texts, also their page meta. */
export const ARTIST_NOT_FOUND_TITLE = 'Artisten hittades inte';
export const ARTIST_NOT_FOUND_DESCRIPTION = 'Det finns ingen artist med den adressen i arkivet.';
export const SONGWRITER_NOT_FOUND_TITLE = 'Låtskrivaren hittades inte';
export const SONGWRITER_NOT_FOUND_DESCRIPTION = 'Det finns ingen låtskrivare med den adressen i arkivet.';

/** '1983, 1990, 1991 och 2006' */
function yearsText(years: readonly number[]): string {
  const unique = [...new Set(years)].sort((a, b) => a - b).map(String);
  return unique.length <= 1 ? (unique[0] ?? '') : `${unique.slice(0, -1).join(', ')} och ${unique.at(-1)}`;
}
const winsPhrase = (wins: number) => (wins === 0 ? '' : wins === 1 ? ', 1 seger' : `, ${wins} segrar`);

/** The year not-found view's text (spec section 2), also its page description. */
export const YEAR_NOT_FOUND_DESCRIPTION = 'Detta år finns inte i vårt arkiv ännu.';

const notFoundMeta = (title: string, description: string, path: string): PageMeta => ({
  title: titled(title),
  description,
  path,
  image: DEFAULT_SHARE_IMAGE,
  noindex: true,
});

/** How much of a search's text its page title quotes ('Sökresultat för ”…”'). */
const SEARCH_TITLE_QUERY_LENGTH = 60;

export const pageMeta = {
  home(): PageMeta {
    return {
      title: titled('Melodifestivalens historia från 1958'),
      description: SITE_DESCRIPTION,
      path: '/',
      image: DEFAULT_SHARE_IMAGE,
      jsonLd: [websiteJsonLd()],
    };
  },

  /** /year/{param} with no such year, whether `param` is a number the archive lacks or not a number at all. */
  yearNotFound(param: string): PageMeta {
    return notFoundMeta(`År ${param} hittades inte`, YEAR_NOT_FOUND_DESCRIPTION, `/year/${encodeURIComponent(param)}`);
  },

  years(years: readonly Year[]): PageMeta {
    return {
      title: titled('Alla Melodifestivalen År'),
      description: 'Alla Melodifestivalens år från 1958 till i dag: vinnare, låtar, arenor, städer och programledare.',
      path: '/years',
      image: DEFAULT_SHARE_IMAGE,
      jsonLd: years.slice(0, STRUCTURED_DATA_LIMITS.years).map(musicEventJsonLd),
    };
  },

  year(yearNumber: number, year: Year | null): PageMeta {
    const path = yearPath(yearNumber);
    if (!year) return pageMeta.yearNotFound(String(yearNumber));
    const description = firstCharacters(year.description, YEAR_DESCRIPTION_LENGTH) || `Melodifestivalen ${year.year}: ${year.winner} vann med ${year.song}.`;
    return {
      title: titled(`Melodifestivalen ${year.year}: ${year.winner} – ${year.song}`),
      description,
      path,
      image: year.imageUrl || DEFAULT_SHARE_IMAGE,
      jsonLd: [musicEventJsonLd(year)],
    };
  },

  videoArchive(videos: readonly Video[]): PageMeta {
    return {
      title: titled('Videoarkiv'),
      description: 'Vinnarframträdanden, klassiker, bakom kulisserna, intervjuer och återfunnen lost media från Melodifestivalen.',
      path: '/video-archive',
      image: DEFAULT_SHARE_IMAGE,
      jsonLd: videos.slice(0, STRUCTURED_DATA_LIMITS.videos).map(videoJsonLd),
    };
  },

  blog(articles: readonly Article[]): PageMeta {
    return {
      title: titled('Artiklar'),
      description: 'Analyser, kulturhistoria och berättelser om Melodifestivalen genom åren.',
      path: '/blog',
      image: DEFAULT_SHARE_IMAGE,
      jsonLd: articles.slice(0, STRUCTURED_DATA_LIMITS.articles).map(articleJsonLd),
    };
  },

  article(id: string, article: Article | null): PageMeta {
    // The canonical address names the article by its own id (lower case), however the visited one spelled it.
    const path = articlePath(article?.id ?? id);
    if (!article) return notFoundMeta('Artikel hittades inte', 'Artikeln du letar efter finns inte.', path);
    return {
      title: titled(article.title),
      description: article.excerpt,
      path,
      image: article.imageUrl || DEFAULT_SHARE_IMAGE,
      type: 'article',
      jsonLd: [articleJsonLd(article)],
    };
  },

  search(q: string): PageMeta {
    const query = q.trim();
    return {
      // The query as typed, on one line and cut: a title holds a few dozen characters, an address thousands.
      title: titled(query ? `Sökresultat för ”${excerptLine(query, SEARCH_TITLE_QUERY_LENGTH)}”` : 'Sök i arkivet'),
      description: 'Sök bland Melodifestivalens år, artiklar, videor och foruminlägg.',
      path: query ? `/search?q=${encodeURIComponent(query)}` : '/search',
      image: DEFAULT_SHARE_IMAGE,
      // Result pages are endless variations of the same content: keep them out of the index.
      noindex: true,
    };
  },

  about(): PageMeta {
    return {
      title: titled('Om Oss'),
      description: 'Melloarkivet bevarar Melodifestivalens historia tillsammans med fans och forskare: vårt uppdrag, våra värderingar och kontakt.',
      path: '/about',
      image: DEFAULT_SHARE_IMAGE,
    };
  },

  forum(): PageMeta {
    return {
      title: titled('Lost Media Forum'),
      description: 'Hjälp till att hitta försvunna klipp, sändningar och inspelningar från Melodifestivalen – dela tips och fynd.',
      path: '/forum',
      image: DEFAULT_SHARE_IMAGE,
    };
  },

  /** /forum/post/{id}: the post's title and the start of its text, as a DiscussionForumPosting. */
  forumPost(postId: string, post: ForumPost | null): PageMeta {
    const path = forumPostPath(postId);
    if (!post) {
      return { ...pageMeta.forum(), title: titled('Inlägg hittades inte'), description: 'Inlägget finns inte eller har raderats.', path, noindex: true };
    }
    return {
      ...pageMeta.forum(),
      title: titled(post.title),
      description: firstCharacters(plainMarkdownLine(post.content), FORUM_POST_DESCRIPTION_LENGTH),
      path,
      type: 'article',
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'DiscussionForumPosting',
          headline: post.title,
          text: firstCharacters(post.content, 500),
          author: { '@type': 'Person', name: post.authorName },
          datePublished: post.createdAt,
          dateModified: post.updatedAt,
          commentCount: post.repliesCount,
          keywords: post.tags.join(', ') || undefined,
        },
      ],
    };
  },

  login(): PageMeta {
    return {
      title: titled('Logga in'),
      description: 'Logga in eller skapa ett konto på Melloarkivet för att skriva i forumet.',
      path: '/login',
      image: DEFAULT_SHARE_IMAGE,
      noindex: true,
    };
  },

  /** /notiser: a member's own notifications (private: never indexed). */
  notifications(): PageMeta {
    return { title: titled('Notiser'), description: 'Dina notiser på Melloarkivet.', path: '/notiser', noindex: true };
  },

  /** /artist/{slug}: the act's entries in the description, as a MusicGroup (see musicGroupJsonLd). */
  artist(slug: string, artist: ArtistDetail | null): PageMeta {
    const path = artistPath(slug);
    if (!artist) return notFoundMeta(ARTIST_NOT_FOUND_TITLE, ARTIST_NOT_FOUND_DESCRIPTION, path);
    const count = artist.entryCount === 1 ? '1 bidrag' : `${artist.entryCount} bidrag`;
    return {
      title: titled(`${artist.name} i Melodifestivalen`),
      description: `${artist.name} i Melodifestivalen: ${count} (${yearsText(artist.entries.map((entry) => entry.year))})${winsPhrase(artist.wins)}.`,
      path,
      image: DEFAULT_SHARE_IMAGE,
      type: 'profile',
      jsonLd: [musicGroupJsonLd(artist)],
    };
  },

  /** /songwriter/{slug}: the songwriter's entries, as a Person. */
  songwriter(slug: string, songwriter: SongwriterDetail | null): PageMeta {
    const path = songwriterPath(slug);
    if (!songwriter) return notFoundMeta(SONGWRITER_NOT_FOUND_TITLE, SONGWRITER_NOT_FOUND_DESCRIPTION, path);
    const count = songwriter.entryCount === 1 ? '1 bidrag' : `${songwriter.entryCount} bidrag`;
    return {
      title: titled(`${songwriter.name}, låtskrivare i Melodifestivalen`),
      description: `${songwriter.name} har skrivit ${count} i Melodifestivalen (${yearsText(songwriter.entries.map((entry) => entry.year))})${winsPhrase(songwriter.wins)}.`,
      path,
      image: DEFAULT_SHARE_IMAGE,
      type: 'profile',
      jsonLd: [songwriterJsonLd(songwriter)],
    };
  },

  statistics(): PageMeta {
    return {
      title: titled('Statistik'),
      description: 'Melodifestivalen i siffror: flest bidrag per artist, flest segrar per låtskrivare, högsta finalpoäng och bidrag per år.',
      path: '/statistik',
      image: DEFAULT_SHARE_IMAGE,
    };
  },

  sources(): PageMeta {
    return {
      title: titled('Källor'),
      description: 'Källorna bakom arkivets startfält: varje uppgift om bidrag, placeringar och poäng vilar på dessa.',
      path: '/kallor',
      image: DEFAULT_SHARE_IMAGE,
    };
  },

  notFound(path: string): PageMeta {
    return notFoundMeta('Page Not Found', 'Sidan du letar efter finns inte på Melloarkivet.', path);
  },
};

export type { JsonLd };
