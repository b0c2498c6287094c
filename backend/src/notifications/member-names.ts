import { MEMBER_NAMES_LIMIT, mentionedNames, publicNameKey, type Mention } from '@mello/contracts';
import { sql, type CommonQueryMethods } from 'slonik';
import { z } from 'zod';

const nameRow = z.object({ userId: z.string(), name: z.string() });

/**
 * The members a text's @mentions name: each name written is compared by publicNameKey (the key that makes public
 * names unique), so `@anna` and `@[ÅSA EK]` find 'Anna' and 'Åsa Ek'. A name nobody has is left out (it stays plain
 * text). Reads public.users: mentions are resolved when the text is written and kept in its event.
 */
export async function resolveMentions(db: CommonQueryMethods, text: string): Promise<Mention[]> {
  const keys = mentionedNames(text).map(publicNameKey);
  if (keys.length === 0) return [];
  const rows = await db.any(sql.type(nameRow)`
    SELECT id::text AS "userId", public_name AS name FROM public.users WHERE public_name_key = ANY(${sql.array(keys, 'text')})`);
  const byKey = new Map(rows.map((row) => [publicNameKey(row.name), row]));
  return keys.flatMap((key) => {
    const row = byKey.get(key);
    return row ? [{ userId: row.userId, name: row.name }] : [];
  });
}

/** `_` and `%` are LIKE's wildcards: a prefix is matched as written. */
const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Public display names starting with `prefix` (compared by publicNameKey: case and accents do not matter), shortest
 * first, for the editors' autocomplete. Only names: never an e-mail address or an id.
 */
export async function memberNamesByPrefix(db: CommonQueryMethods, prefix: string): Promise<string[]> {
  const key = publicNameKey(prefix);
  if (key.length === 0) return [];
  const names = await db.anyFirst(sql.type(z.object({ public_name: z.string() }))`
    SELECT public_name FROM public.users WHERE public_name_key LIKE ${likePrefix(key)}
     ORDER BY length(public_name_key), public_name_key LIMIT ${MEMBER_NAMES_LIMIT}`);
  return [...names];
}
