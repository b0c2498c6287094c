/**
 * The data a page starts with, written by the server into its HTML and read once by the client before it renders
 * (frontend/src/app/initial-data.ts): the time the page was rendered at, so relative times are written the same
 * on both sides, and the queries the page shows, each under the client's own query key with the API's answer.
 */
export const INITIAL_DATA_ID = 'initial-data';

/** One answered query: its key (routeKey) and the JSON text of the answer. */
export type InitialQueryText = { key: readonly unknown[]; json: string };

/** What the script holds once parsed. */
export type InitialData = { now: number; queries: Array<{ key: unknown[]; data: unknown }> };

/**
 * The script element: `{"now":…,"queries":[{"key":[…],"data":…}]}`. The JSON texts are inserted as they are; every
 * `<` is written as `\u003c`, which JSON reads back as the same character, so no text inside can close the script
 * element or open a comment.
 */
export function initialDataScript(now: number, queries: readonly InitialQueryText[]): string {
  const list = queries.map((query) => `{"key":${JSON.stringify(query.key)},"data":${query.json}}`).join(',');
  const body = `{"now":${JSON.stringify(now)},"queries":[${list}]}`;
  return `<script type="application/json" id="${INITIAL_DATA_ID}">${body.replace(/</g, '\\u003c')}</script>`;
}
