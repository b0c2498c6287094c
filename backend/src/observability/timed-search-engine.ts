import type { SearchEngine } from '../search/search-engine';
import type { Metrics } from './metrics';

/** The search engine with each search's latency in mello_search_duration_seconds{kind}, failed searches included. */
export function timedSearchEngine(engine: SearchEngine, metrics: Pick<Metrics, 'searchDuration'>): SearchEngine {
  const timed = async <T>(kind: 'years' | 'articles' | 'videos' | 'forum' | 'entries' | 'artists' | 'songwriters', search: () => Promise<T>): Promise<T> => {
    const end = metrics.searchDuration.startTimer({ kind });
    try {
      return await search();
    } finally {
      end();
    }
  };
  return {
    name: engine.name,
    searchYears: (query) => timed('years', () => engine.searchYears(query)),
    searchArticles: (q) => timed('articles', () => engine.searchArticles(q)),
    searchVideos: (q) => timed('videos', () => engine.searchVideos(q)),
    searchForum: (query) => timed('forum', () => engine.searchForum(query)),
    searchEntries: (q) => timed('entries', () => engine.searchEntries(q)),
    searchArtists: (q) => timed('artists', () => engine.searchArtists(q)),
    searchSongwriters: (q) => timed('songwriters', () => engine.searchSongwriters(q)),
    ping: () => engine.ping(),
  };
}
