import { sql, type CommonQueryMethods } from 'slonik';

/**
 * The pending list of the search tables' GIN indexes, in kB (PostgreSQL's default; it was 64, the least allowed).
 * Rows written live wait there, unsorted, until merged into the index, and every search reads through it. The
 * projections that write a search table merge it themselves at the end of each live batch (mergeGinPendingLists),
 * so between batches it is empty and searches never read it; this limit only bounds it within one batch. Merged
 * every few dozen rows (64 kB), each row's thousand-odd trigrams were sorted into the index a few rows at a time:
 * 2-3x the cost of one merge per batch (docs/performance-report.md, subscriber lag).
 */
export const GIN_PENDING_LIST_KB = 4096;

/** The GIN indexes a write to a search table feeds: its own two, and the vocabulary's (its words trigger). */
export const searchGinIndexes = (table: string): readonly string[] => [`${table}_body_trgm`, `${table}_tsv`, 'search_words_trgm'];

/**
 * Merges the pending lists of `table`'s GIN indexes into the indexes, in the batch's transaction (a rollback leaves
 * only entries of dead rows, as any aborted write does). An index that does not exist yet is skipped: a rebuild
 * creates them after its load.
 */
export async function mergeGinPendingLists(tx: CommonQueryMethods, schema: string, table: string): Promise<void> {
  const names = searchGinIndexes(table).map((index) => sql.fragment`to_regclass(format('%I.%I', ${schema}::text, ${index}::text))`);
  await tx.query(sql.unsafe`
    SELECT gin_clean_pending_list(index) FROM unnest(ARRAY[${sql.join(names, sql.fragment`, `)}]) AS index WHERE index IS NOT NULL`);
}
