import { authApi } from '@mello/contracts';
import type { InitialQuery } from './route-meta';

/** The element the client reads its first queries from (frontend/src/app/initial-data.ts). */
export const INITIAL_DATA_ID = 'initial-data';
/** The client's query key for the signed-in user (frontend/src/auth/current-user.ts); null when signed out. */
export const CURRENT_USER_KEY = [authApi.user.path] as const;

/**
 * A JSON script with the page's first queries: `[{ "key": [...], "data": … }]`. The JSON texts come from the read
 * models (or JSON.stringify) and are inserted as they are; every `<` is written as `\u003c`, which JSON reads back
 * as the same character, so no text inside can close the script element or open a comment.
 */
export function initialDataScript(queries: readonly InitialQuery[]): string {
  const body = `[${queries.map((query) => `{"key":${JSON.stringify(query.key)},"data":${query.json}}`).join(',')}]`;
  return `<script type="application/json" id="${INITIAL_DATA_ID}">${body.replace(/</g, '\\u003c')}</script>`;
}
