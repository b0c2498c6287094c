import type { Article } from '../archive/articles';
import type { Video } from '../archive/videos';
import type { ArtistDetail, SongwriterDetail } from '../archive/lineup-views';
import type { Year } from '../archive/years';

/**
 * schema.org JSON-LD builders. URLs are site paths ('/year/1974'); `absolutePageMeta` turns them into absolute
 * URLs once the origin is known (the browser's on the client, the configured public origin on the server).
 */
export type JsonLd = Record<string, unknown>;

export const SITE_NAME = 'Melloarkivet';
export const DEFAULT_SHARE_IMAGE = '/og-default.png';
const CONTEXT = 'https://schema.org';

const SWEDISH_MONTHS = ['januari', 'februari', 'mars', 'april', 'maj', 'juni', 'juli', 'augusti', 'september', 'oktober', 'november', 'december'];
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A year's free-text date as an ISO date (YYYY-MM-DD), or null when it cannot be read. The archive writes dates in
 * Swedish ('9 februari 1974'); ISO text is accepted too. An unreadable date is left out rather than guessed.
 */
export function isoDateOf(text: string): string | null {
  const value = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
  const swedish = /^(\d{1,2})\s+([a-zåäö]+)\s+(\d{4})$/i.exec(value);
  let parts: [number, number, number] | null = null;
  if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (swedish) {
    const month = SWEDISH_MONTHS.indexOf(swedish[2]!.toLowerCase()) + 1;
    if (month > 0) parts = [Number(swedish[3]), month, Number(swedish[1])];
  }
  if (!parts) return null;
  const [year, month, day] = parts;
  const date = new Date(Date.UTC(year, month - 1, day));
  // Rejects 31 februari and the like: the round trip must give the same day.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** '3:04' → 'PT3M4S', '1:02:03' → 'PT1H2M3S'; null for anything else. */
export function isoDurationOf(text: string): string | null {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [hours, minutes, seconds] = [Number(match[1] ?? 0), Number(match[2]), Number(match[3])];
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds || (!hours && !minutes) ? `${seconds}S` : ''}`;
}

/** Drops empty values so the structured data only states what the archive knows. */
function compact(object: JsonLd): JsonLd {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined && value !== null && value !== ''));
}

export function websiteJsonLd(): JsonLd {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    name: SITE_NAME,
    url: '/',
    inLanguage: 'sv-SE',
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: '/search?q={search_term_string}' },
      'query-input': 'required name=search_term_string',
    },
  };
}

export function musicEventJsonLd(year: Year): JsonLd {
  const place =
    year.venue || year.city
      ? compact({
          '@type': 'Place',
          name: year.venue || year.city,
          address: compact({ '@type': 'PostalAddress', addressLocality: year.city, addressCountry: 'SE' }),
        })
      : undefined;
  return compact({
    '@context': CONTEXT,
    '@type': 'MusicEvent',
    name: `Melodifestivalen ${year.year}`,
    url: `/year/${year.year}`,
    description: year.description,
    startDate: isoDateOf(year.date),
    image: year.imageUrl,
    location: place,
    performer: year.winner ? { '@type': 'MusicGroup', name: year.winner } : undefined,
    workPerformed: year.song ? { '@type': 'MusicComposition', name: year.song } : undefined,
  });
}

export function videoJsonLd(video: Video): JsonLd {
  return compact({
    '@context': CONTEXT,
    '@type': 'VideoObject',
    name: video.title,
    description: video.description || `${video.artist}, ${video.year}`,
    thumbnailUrl: video.thumbnailUrl || DEFAULT_SHARE_IMAGE,
    contentUrl: video.videoUrl,
    embedUrl: video.embedUrl,
    duration: isoDurationOf(video.duration),
    byArtist: video.artist ? { '@type': 'MusicGroup', name: video.artist } : undefined,
    // Unknown views (null) are no count at all, not a count of 0.
    interactionStatistic:
      video.views === null ? undefined : { '@type': 'InteractionCounter', interactionType: { '@type': 'WatchAction' }, userInteractionCount: video.views },
  });
}

export function articleJsonLd(article: Article): JsonLd {
  return compact({
    '@context': CONTEXT,
    '@type': 'Article',
    headline: article.title,
    description: article.excerpt,
    url: `/article/${article.id}`,
    image: article.imageUrl || DEFAULT_SHARE_IMAGE,
    author: compact({ '@type': 'Person', name: article.author, jobTitle: article.authorTitle }),
    datePublished: article.publishedAt,
    articleSection: article.category,
    inLanguage: 'sv-SE',
    publisher: { '@type': 'Organization', name: SITE_NAME, url: '/' },
  });
}

/**
 * An act of the lineups as a MusicGroup. The data does not say whether an act is one person or a group (and
 * many are duos, bands or a singer with a band), so every act is a MusicGroup: schema.org allows a solo act as a
 * group of one, while calling a band a Person would be wrong.
 */
export function musicGroupJsonLd(artist: ArtistDetail): JsonLd {
  return compact({
    '@context': CONTEXT,
    '@type': 'MusicGroup',
    name: artist.name,
    alternateName: artist.aliases.length > 0 ? artist.aliases : undefined,
    url: `/artist/${artist.slug}`,
    track: artist.entries.slice(0, 20).map((entry) => ({ '@type': 'MusicRecording', name: entry.song, datePublished: String(entry.year) })),
  });
}

/** A songwriter is always a person (credits name people; a stage name is an alias). */
export function songwriterJsonLd(songwriter: SongwriterDetail): JsonLd {
  return compact({
    '@context': CONTEXT,
    '@type': 'Person',
    name: songwriter.name,
    alternateName: songwriter.aliases.length > 0 ? songwriter.aliases : undefined,
    url: `/songwriter/${songwriter.slug}`,
    jobTitle: 'Låtskrivare',
  });
}
