import { IF_MATCH_MALFORMED_MESSAGE, parseIfMatch, revisionETag } from '@mello/contracts';
import type { Context } from 'koa';
import { ValidationError } from '../shared/errors';

/**
 * The revision a PUT or DELETE was based on (its If-Match, contracts/src/http/concurrency.ts), or undefined when
 * the client asked for no check (no If-Match, or `*`): such a write goes through as before, the last save wins.
 * Anything that is not one of our ETags is a 400, so a client bug cannot pass for "no check".
 */
export function expectedRevisionOf(ctx: Context): number | undefined {
  const ifMatch = parseIfMatch(ctx.get('If-Match') || undefined);
  if (ifMatch.kind === 'malformed') throw new ValidationError(IF_MATCH_MALFORMED_MESSAGE);
  return ifMatch.kind === 'revision' ? ifMatch.revision : undefined;
}

/** Answers a document's stream revision as its ETag (what If-Match sends back). */
export const setRevisionETag = (ctx: Context, revision: number) => ctx.set('ETag', revisionETag(revision));

/**
 * A PUT based on the version the client opened: `update` gets the revision its If-Match names (undefined: no
 * check, the last save wins) as the append's expected revision, and the answer carries the saved document's new
 * ETag. Read before `update` runs, so a malformed If-Match is a 400 with nothing appended.
 */
export async function updateIfMatch<D>(ctx: Context, update: (expected: number | undefined) => Promise<{ document: D; revision: number }>): Promise<D> {
  const { document, revision } = await update(expectedRevisionOf(ctx));
  setRevisionETag(ctx, revision);
  return document;
}
