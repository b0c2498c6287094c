import Router from '@koa/router';
import {
  ADMIN_API_PREFIX,
  AuditEntrySchema,
  RESTORABLE_KINDS,
  adminApi,
  driftApi,
  isAuditKind,
  canonicalUuid,
  isUuid,
  type AuditKind,
  type RestorableKind,
} from '@mello/contracts';
import { auditEntriesJson } from '@mello/projections';
import type { Middleware } from 'koa';
import { z } from 'zod';
import type { DatabasePool } from 'slonik';
import type { ArchiveServices } from '../archive/archive-services';
import { currentUser, requireAdmin } from '../auth/guards';
import type { EventStore } from '../event-store/port';
import { on } from '../http/contract-routes';
import { commandContext } from '../http/request-context';
import type { DriftConsole } from '../maintenance/drift-console';
import { projectionLags } from '../observability/projection-lag';
import type { SearchEngine } from '../search/search-engine';
import { NotFoundError, ValidationError } from '../shared/errors';
import { STREAMS } from './audit-streams';
import { eventBrowserRoutes } from './event-browser-routes';
import { buildTimeline, versionAt } from './item-history';

const HISTORY_NOT_FOUND = 'Ingen historik hittades';
/** The log's rows as the read model answers them (one more than a page, to tell whether another follows). */
const AuditRowsSchema = z.array(AuditEntrySchema);

/** A bare date as the end of a range means the whole of that day (UTC). */
/** Decoded, lower-cased and with slashes collapsed: an odd spelling of the prefix is inside the area too. */
const inAdminArea = (path: string) => {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // not valid percent-encoding: compare it as sent
  }
  const normal = decoded.toLowerCase().replace(/\/{2,}/g, '/');
  return normal === ADMIN_API_PREFIX || normal.startsWith(`${ADMIN_API_PREFIX}/`);
};

/**
 * Every address under /api/admin, with any method, answers a visitor 401 and a member 403 (requireAdmin), also
 * where the admin would get 404 (no such path) or 405 (another method): the area's shape is the admin's to see.
 * Mounted before the routers. Where a route of `router` will run with the router's own requireAdmin in front, that
 * one answers, so a refusal still names the route in the access log and metrics. Checking that the guard's layer
 * matched, not only the route, matters: @koa/router matches routes case-insensitively but a prefix's `use` layer
 * case-sensitively, so `/API/ADMIN/status` reaches the route without passing the router's guard.
 */
export function adminArea(router: Router): Middleware {
  return async (ctx, next) => {
    if (!inAdminArea(ctx.path)) return next();
    const matched = router.match(ctx.path, ctx.method);
    if (matched.route && matched.pathAndMethod.some((layer) => layer.stack.includes(requireAdmin))) return next();
    return requireAdmin(ctx, next);
  };
}

/**
 * The administrator's view of the event log (issue 7): the site-wide history (a projection, filtered and paged),
 * each item's own stream as a timeline with diffs, any version of it, restoring a version (a new event), and each
 * projection's status. Every call is admin-only.
 */
export function adminRoutes(deps: {
  pool: DatabasePool;
  store: EventStore;
  services: ArchiveServices;
  search: SearchEngine;
  /** The maintainers' console (the Drift tab): its routes are registered here, behind the same guard. */
  drift?: DriftConsole;
}): Router {
  // Each route carries requireAdmin in its own stack, which is what adminArea looks for before letting it answer.
  const router = new Router();

  const item = ({ kind, id: given }: { kind: string; id: string }) => {
    const id = canonicalUuid(given);
    if (!isAuditKind(kind) || id === null) throw new NotFoundError(HISTORY_NOT_FOUND);
    return { kind, id };
  };
  const streamOf = async (kind: AuditKind, id: string) => {
    const events = await deps.store.readStream(STREAMS[kind](id));
    if (events.length === 0) throw new NotFoundError(HISTORY_NOT_FOUND);
    return events;
  };

  on(router, adminApi.history, requireAdmin, async ({ query }) => {
    const rows = AuditRowsSchema.parse(JSON.parse(await auditEntriesJson(deps.pool, query)));
    const more = rows.length > query.limit;
    const entries = rows.slice(0, query.limit);
    return { entries, nextBefore: more ? entries[entries.length - 1]!.position : null };
  });

  on(router, adminApi.timeline, requireAdmin, async ({ params }) => {
    const { kind, id } = item(params);
    return buildTimeline(kind, id, await streamOf(kind, id));
  });

  on(router, adminApi.version, requireAdmin, async ({ params }) => {
    const { kind, id } = item(params);
    const revision = /^\d{1,7}$/.test(params.revision) ? Number(params.revision) : -1;
    const version = versionAt(kind, id, await streamOf(kind, id), revision);
    if (!version) throw new NotFoundError('Versionen finns inte');
    return version;
  });

  on(router, adminApi.restore, requireAdmin, async ({ params, body }, ctx) => {
    const { kind, id } = item(params);
    if (!(RESTORABLE_KINDS as readonly string[]).includes(kind))
      throw new ValidationError('Bara år, videor, artiklar, bidrag, artister och källor kan återställas');
    const { revision } = body;
    const version = versionAt(kind, id, await streamOf(kind, id), revision);
    if (!version) throw new NotFoundError('Versionen finns inte');
    if (version.deleted) throw new ValidationError('Den versionen är raderad: välj en version före raderingen');
    const { id: _id, ...fields } = version.item;
    const { lineups } = deps.services;
    const services = {
      year: deps.services.years,
      video: deps.services.videos,
      article: deps.services.articles,
      entry: lineups.entries,
      artist: lineups.artists,
      source: lineups.sources,
    };
    const service = services[kind as RestorableKind];
    // The event says it restores `revision`, so the history shows 'Återställd' rather than an ordinary edit. The
    // service claims the version's unique keys as any edit does (an entry's running-order slots, an act's slug, a
    // source key, a year's number): one another item took since answers 409 and appends nothing.
    return service.restore(id, fields as never, { ...commandContext(ctx), restoredFrom: revision });
  });

  on(router, adminApi.status, requireAdmin, async () => {
    const { head, projections } = await projectionLags(deps);
    return { head, projections, search: deps.search.name, eventStore: deps.store.kind };
  });

  eventBrowserRoutes(router, deps);

  const drift = deps.drift;
  if (drift) {
    on(router, driftApi.state, requireAdmin, () => drift.state());

    // Started here and run in this process; the request answers 202 with the run as soon as it holds the lock.
    on(router, driftApi.rebuild, requireAdmin, ({ body }, ctx) => {
      const user = currentUser(ctx)!;
      return drift.rebuild(body.target, { ...commandContext(ctx), startedBy: user.email });
    });

    on(router, driftApi.cancel, requireAdmin, ({ params }) => {
      if (!isUuid(params.id)) throw new NotFoundError('Ombyggnaden finns inte');
      return drift.cancel(params.id);
    });

    on(router, driftApi.retry, requireAdmin, async ({ params }) => {
      await drift.retry(params.name);
      return { projection: params.name, requested: true as const };
    });
  }

  return router;
}
