import { isUuid } from '@mello/contracts';
import { Client, Errors } from 'typesense';
import type { ImportResponse } from 'typesense';
import { SEARCH_KINDS, aliasName, collectionName, collectionSchema, isCollectionOf, type SearchDocument, type SearchKind } from './collections';
import type { CollectionPlan } from './index-plan';

export type TypesenseSettings = { url: string; apiKey: string };
export type Log = (message: string, detail?: Record<string, unknown>) => void;

/** One client per process, from TYPESENSE_URL (http://host:8108, optionally with a path) and TYPESENSE_API_KEY. */
export function createTypesenseClient({ url, apiKey }: TypesenseSettings): Client {
  if (!apiKey) throw new Error('TYPESENSE_API_KEY must be set when TYPESENSE_URL is');
  const parsed = new URL(url);
  const protocol = parsed.protocol.replace(/:$/, '');
  if (protocol !== 'http' && protocol !== 'https') throw new Error(`TYPESENSE_URL must be http(s): ${url}`);
  const path = parsed.pathname.replace(/\/+$/, '');
  return new Client({
    apiKey,
    nodes: [
      { host: parsed.hostname.replace(/^\[|\]$/g, ''), port: Number(parsed.port || (protocol === 'https' ? 443 : 80)), protocol, ...(path ? { path } : {}) },
    ],
    connectionTimeoutSeconds: 5,
    numRetries: 2,
    retryIntervalSeconds: 0.2,
    logLevel: 'warn',
  });
}

export const isNotFound = (error: unknown) => error instanceof Errors.ObjectNotFound || (error instanceof Errors.TypesenseError && error.httpStatus === 404);

/** No answer, or the server says it cannot serve now: worth a retry, and a 503 to an API client. */
export const isUnavailable = (error: unknown) => {
  if (error instanceof Errors.TypesenseError) return error.httpStatus === undefined || error.httpStatus >= 500;
  const code = (error as { code?: string })?.code;
  return code === 'ECONNREFUSED' || code === 'ECONNRESET' || code === 'ETIMEDOUT' || code === 'ECONNABORTED' || code === 'ENOTFOUND';
};

/** The collection each alias points at now; a kind whose alias does not exist is left out. */
export async function aliasTargets(client: Client, prefix: string): Promise<Partial<Record<SearchKind, string>>> {
  const { aliases } = await client.aliases().retrieve();
  const byName = new Map(aliases.map((alias) => [alias.name, alias.collection_name]));
  return Object.fromEntries(SEARCH_KINDS.flatMap((kind) => (byName.has(aliasName(prefix, kind)) ? [[kind, byName.get(aliasName(prefix, kind))!]] : [])));
}

/** Creates one new, empty collection per kind (`<prefix>_<kind>_<stamp>`) and answers their names. */
export async function createCollections(client: Client, prefix: string, stamp: number, kinds: readonly SearchKind[] = SEARCH_KINDS) {
  const created: Partial<Record<SearchKind, string>> = {};
  for (const kind of kinds) {
    const name = collectionName(prefix, kind, stamp);
    await client.collections().create(collectionSchema(kind, name));
    created[kind] = name;
  }
  return created;
}

/**
 * First start against a Typesense server: every alias that does not exist yet gets a new empty collection.
 * Answers the full alias → collection map (which the indexer compares with its checkpoint's).
 */
export async function ensureCollections(client: Client, prefix: string, stamp = Date.now()): Promise<Record<SearchKind, string>> {
  const targets = await aliasTargets(client, prefix);
  const missing = SEARCH_KINDS.filter((kind) => !targets[kind]);
  if (missing.length > 0) {
    const created = await createCollections(client, prefix, stamp, missing);
    for (const kind of missing) await client.aliases().upsert(aliasName(prefix, kind), { collection_name: created[kind]! });
    Object.assign(targets, created);
  }
  return targets as Record<SearchKind, string>;
}

/** Points each alias at its new collection (one upsert per alias: readers switch on their next search). */
export async function pointAliases(client: Client, prefix: string, targets: Record<SearchKind, string>): Promise<void> {
  for (const kind of SEARCH_KINDS) await client.aliases().upsert(aliasName(prefix, kind), { collection_name: targets[kind] });
}

/** Drops this prefix's collections that no alias points at (replaced ones, or left by a failed rebuild). */
export async function dropUnusedCollections(client: Client, prefix: string, keep: Record<SearchKind, string>, log?: Log): Promise<string[]> {
  const all = await client.collections().retrieve({ exclude_fields: 'fields' });
  const keepNames = new Set(Object.values(keep));
  const dropped: string[] = [];
  for (const { name } of all) {
    if (keepNames.has(name) || !SEARCH_KINDS.some((kind) => isCollectionOf(prefix, kind, name))) continue;
    try {
      await client.collections(name).delete();
      dropped.push(name);
    } catch (error) {
      if (!isNotFound(error)) log?.('Could not drop an old Typesense collection', { name, error: String(error) });
    }
  }
  return dropped;
}

/** The signature stored with the checkpoint: which collections the checkpoint's position is true for. */
export const targetsSignature = (targets: Record<SearchKind, string>) => SEARCH_KINDS.map((kind) => `${kind}=${targets[kind]}`).join(',');

const IMPORT_CHUNK = 1000;
const DELETE_CHUNK = 100;

/**
 * Sends one collection's planned writes: deletes (by an id filter), complete documents (`upsert`), partial ones
 * (`emplace`). A document Typesense refuses (a 4xx for that line: malformed, or an edit of a post it does not
 * hold) is logged and skipped, so one bad event cannot stall the index; anything else throws and the batch is
 * retried from the checkpoint, which is harmless because every write is idempotent.
 */
export async function applyCollectionPlan(client: Client, collection: string, plan: CollectionPlan, log?: Log): Promise<void> {
  const documents = client.collections<SearchDocument>(collection).documents();
  const ids = [...plan.deletes].filter((id) => {
    if (isUuid(id)) return true;
    log?.('Typesense indexer: skipped a delete with a malformed id', { collection, id });
    return false;
  });
  for (let i = 0; i < ids.length; i += DELETE_CHUNK) {
    const chunk = ids.slice(i, i + DELETE_CHUNK);
    await documents.delete({ filter_by: `id:[${chunk.map((id) => `\`${id}\``).join(',')}]` });
  }
  for (const [action, docs] of [
    ['upsert', [...plan.upserts.values()]],
    ['emplace', [...plan.emplaces.values()]],
  ] as const) {
    for (let i = 0; i < docs.length; i += IMPORT_CHUNK) {
      const results = (await documents.import(docs.slice(i, i + IMPORT_CHUNK), { action, throwOnFail: false })) as ImportResponse[];
      for (const [index, result] of results.entries()) {
        if (result.success) continue;
        const id = docs[i + index]?.id;
        if (result.code >= 400 && result.code < 500) {
          log?.('Typesense indexer: a document was refused and skipped', { collection, action, id, code: result.code, error: result.error });
        } else {
          throw new Errors.ServerError(`Typesense import into ${collection} failed for ${id}: ${result.code} ${result.error}`, undefined, result.code);
        }
      }
    }
  }
}
