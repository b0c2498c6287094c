import Router from '@koa/router';
import type { CommonQueryMethods } from 'slonik';
import type { z } from 'zod';
import type { DocumentService } from '../archive/document-service';
import { requireAdmin } from '../auth/guards';
import { NotFoundError } from '../shared/errors';
import { idempotentCreate } from './idempotency';
import { answerCached, type ListCache } from './list-cache';
import { commandContext } from './request-context';
import { isUuid, parseBody } from './validation';

/**
 * A curated document resource under `prefix`: GET / answers the list read model's JSON as it is (cached per
 * read-model position, with an ETag for conditional requests); POST /,
 * PUT /:id and DELETE /:id are commands (POST takes an Idempotency-Key: idempotency.ts) for a curated document (years, videos, articles):
 * admin only, validated against the contract schemas, answered after the read models caught up.
 */
export function documentRoutes<F extends Record<string, unknown>, CreateSchema extends z.ZodTypeAny, UpdateSchema extends z.ZodTypeAny>(
  options: {
    prefix: string;
    db: CommonQueryMethods;
    /** The list read model's JSON text. */
    list: (db: CommonQueryMethods) => Promise<string>;
    /** Keeps the list's JSON text per read-model position (list-cache.ts). */
    lists: ListCache;
    service: DocumentService<F>;
    createSchema: CreateSchema;
    updateSchema: UpdateSchema;
    notFoundMessage: string;
    /** Server-side derivations of the create form (e.g. an article's slug from its title). */
    prepareCreate?: (input: z.output<CreateSchema>) => F;
    /** How a create or an update answers the document, when the list shows it with more (a video's `entry`). */
    present?: (document: { id: string } & F) => Promise<unknown>;
  },
) {
  const router = new Router({ prefix: options.prefix });
  router.get('/', async (ctx) => {
    answerCached(ctx, await options.lists.get(options.prefix, () => options.list(options.db)));
  });
  const prepare = options.prepareCreate ?? ((input: z.output<CreateSchema>) => input as F);
  const present = options.present ?? (async (document: { id: string } & F) => document);
  const knownId = (id: string) => {
    if (!isUuid(id)) throw new NotFoundError(options.notFoundMessage);
    return id;
  };

  router.post('/', requireAdmin, idempotentCreate(options.db), async (ctx) => {
    const fields = prepare(parseBody(options.createSchema, ctx.request.body));
    ctx.status = 201;
    ctx.body = await present(await options.service.create(fields, commandContext(ctx)));
  });

  router.put('/:id', requireAdmin, async (ctx) => {
    const id = knownId(ctx.params.id!);
    const changes = parseBody(options.updateSchema, ctx.request.body) as Partial<F>;
    ctx.body = await present(await options.service.update(id, changes, commandContext(ctx)));
  });

  router.delete('/:id', requireAdmin, async (ctx) => {
    const id = knownId(ctx.params.id!);
    await options.service.remove(id, commandContext(ctx));
    ctx.body = { id, deleted: true };
  });
  return router;
}
