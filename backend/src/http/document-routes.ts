import Router from '@koa/router';
import type { CommonQueryMethods } from 'slonik';
import { canonicalUuid, type RouteContract } from '@mello/contracts';
import type { z } from 'zod';
import type { DocumentService } from '../archive/document-service';
import { requireAdmin } from '../auth/guards';
import { NotFoundError } from '../shared/errors';
import { idempotentCreate } from './idempotency';
import { answerCached, type ListCache } from './list-cache';
import { on } from './contract-routes';
import { expectedRevisionOf, updateIfMatch } from './concurrency';
import { commandContext } from './request-context';

/**
 * A curated document resource, registered from its contracts: GET of the list answers the list read model's JSON as it is (cached per
 * read-model position, with an ETag for conditional requests); POST /,
 * PUT /:id and DELETE /:id are commands (POST takes an Idempotency-Key: idempotency.ts) for a curated document (years, videos, articles):
 * admin only, validated against the contract schemas, answered after the read models caught up.
 */
export function documentRoutes<
  F extends Record<string, unknown>,
  Api extends {
    list: RouteContract & { method: 'GET' };
    create: RouteContract & { body: z.ZodTypeAny };
    update: RouteContract & { body: z.ZodTypeAny };
    remove: RouteContract;
  },
>(options: {
  /** The resource's contracts (contracts/src/archive/document-api.ts): paths, bodies and answers. */
  api: Api;
  db: CommonQueryMethods;
  /** The list read model's JSON text. */
  list: (db: CommonQueryMethods) => Promise<string>;
  /** Keeps the list's JSON text per read-model position (list-cache.ts). */
  lists: ListCache;
  service: DocumentService<F>;
  notFoundMessage: string;
  /** Server-side derivations of the create form (e.g. an article's slug from its title). */
  prepareCreate?: (input: z.output<Api['create']['body']>) => F;
  /** How a create or an update answers the document, when the list shows it with more (a video's `entry`). */
  present?: (document: { id: string } & F) => Promise<unknown>;
}) {
  const { api } = options;
  const router = new Router();
  on(router, api.list, async (_request, ctx) => {
    answerCached(ctx, await options.lists.get(api.list.path, () => options.list(options.db)));
    return undefined;
  });
  const prepare = options.prepareCreate ?? ((input: z.output<Api['create']['body']>) => input as F);
  const present = options.present ?? (async (document: { id: string } & F) => document);
  const knownId = (given: string) => {
    const id = canonicalUuid(given);
    if (id === null) throw new NotFoundError(options.notFoundMessage);
    return id;
  };

  on(router, api.create, requireAdmin, idempotentCreate(options.db), async ({ body }, ctx) =>
    present(await options.service.create(prepare(body), commandContext(ctx))),
  );

  // PUT and DELETE take the If-Match of the version the admin opened: a save in between makes them a 412.
  on(router, api.update, requireAdmin, async ({ params, body }, ctx) => {
    const id = knownId((params as { id: string }).id);
    return present(await updateIfMatch(ctx, (expected) => options.service.updateAt(id, body as Partial<F>, commandContext(ctx), expected)));
  });

  on(router, api.remove, requireAdmin, async ({ params }, ctx) => {
    const id = knownId((params as { id: string }).id);
    await options.service.remove(id, commandContext(ctx), undefined, expectedRevisionOf(ctx));
    return { id, deleted: true as const };
  });
  return router;
}
