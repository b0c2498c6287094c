import { FORUM_SORTS, decodeCursor, FORUM_SORT_KEYS, type ForumPostPage, type ForumSort } from '@mello/contracts';
import { forumListPageSql } from '@mello/projections';
import { sql, type DatabasePool } from 'slonik';
import type { EventStore } from '../src/event-store/port';
import { appendPostLikes, appendReply } from '../test/forum-fixtures';
import { log, percentile } from './store/common';
import type { ForumListJson } from '../src/bench-report/sections';

export type Latency = { p50: number; p95: number; p99: number };

const PAGE_SIZE = 20;
/** The later page measured: what a reader reaches after scrolling through ~1,000 posts. */
const LATER_PAGE = 50;
const TARGET_P95_MS = 20;

/** Likes and replies on some of the generated posts, so the three orders differ as they would in use. */
export async function addForumActivity(store: EventStore, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < Math.min(300, ids.length); i += 1) {
    const id = ids[(i * 7919) % ids.length]!;
    await appendPostLikes(store, id, 1 + (i % 4));
    await appendReply(store, id, new Date(Date.parse('2026-01-01T00:00:00Z') + i * 60_000).toISOString());
  }
}

/**
 * The forum list over HTTP (GET /api/forum/posts, what the page and its infinite scroll call): the first page and a
 * later one (page 50, by the cursor a reader would hold there) of each order, and the first page of a category,
 * each `rounds` times interleaved; plus the plan of each order's later page (an index range scan, not a sort).
 */
export async function measureForumList(options: { url: string; pool: DatabasePool; rounds: number }): Promise<ForumListJson> {
  const get = async (query: Record<string, string>) => {
    const answer = await fetch(`${options.url}/api/forum/posts?${new URLSearchParams({ limit: String(PAGE_SIZE), ...query })}`);
    if (!answer.ok) throw new Error(`GET /api/forum/posts answered ${answer.status}: ${await answer.text()}`);
    return (await answer.json()) as ForumPostPage;
  };
  const laterCursor = async (sort: ForumSort) => {
    let cursor: string | null = null;
    for (let page = 1; page < LATER_PAGE; page += 1) {
      const page: ForumPostPage = await get(cursor ? { sort, cursor } : { sort });
      cursor = page.nextCursor;
      if (cursor === null) throw new Error(`the ${sort} list has fewer than ${LATER_PAGE} pages`);
    }
    return cursor!;
  };
  const cases: Array<[string, Record<string, string>]> = [];
  const plans: Record<string, string> = {};
  for (const sort of FORUM_SORTS) {
    const cursor = await laterCursor(sort);
    cases.push([`${sort}: first page`, { sort }], [`${sort}: page ${LATER_PAGE}`, { sort, cursor }]);
    const after = decodeCursor(cursor, sort, FORUM_SORT_KEYS[sort]);
    const plan = await options.pool.anyFirst(sql.unsafe`EXPLAIN ${forumListPageSql({ sort, category: null, after, limit: PAGE_SIZE })}`);
    plans[sort] = String(plan.find((line) => /Scan/.test(String(line))) ?? plan[0]).trim();
  }
  cases.push(['activity, category lost-media: first page', { sort: 'activity', category: 'lost-media' }]);
  for (const [, query] of cases) for (let i = 0; i < 5; i += 1) await get(query);

  const timings = new Map<string, number[]>(cases.map(([name]) => [name, []]));
  for (let round = 0; round < options.rounds; round += 1) {
    for (const [name, query] of cases) {
      const started = performance.now();
      await get(query);
      timings.get(name)!.push(performance.now() - started);
    }
  }
  const stats = (values: number[]): Latency => {
    const sorted = Float64Array.from(values).sort();
    return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
  };
  const all = stats([...timings.values()].flat());
  log(`Forum list plans: ${JSON.stringify(plans)}`);
  return {
    pageSize: PAGE_SIZE,
    laterPage: LATER_PAGE,
    pages: [...timings].map(([name, values]) => ({ name, ...stats(values) })),
    all,
    plans,
    targetP95Ms: TARGET_P95_MS,
    met: all.p95 < TARGET_P95_MS,
  };
}
