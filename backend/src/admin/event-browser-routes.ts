import type Router from '@koa/router';
import { eventBrowserApi, type LoggedEvent } from '@mello/contracts';
import type { DatabasePool } from 'slonik';
import { requireAdmin } from '../auth/guards';
import { findUserByEmail } from '../auth/users';
import { decodeRecorded } from '../event-store/decoding-event-store';
import type { EventStore, LogPosition, ReadEvent, RecordedEvent } from '../event-store/port';
import { browseEvents } from '../event-store/postgres/browse-events';
import { on } from '../http/contract-routes';
import { ConflictError, NotFoundError } from '../shared/errors';
import { auditKindOfStream } from './audit-streams';
import { actorOf, foldStream } from './item-history';
import { redactChange, redactSecrets } from './redact';

const POSTGRES_ONLY = 'Händelsebläddraren kräver PostgreSQL-lagret: med KurrentDB (EVENT_STORE_URL) bläddrar du i dess eget gränssnitt';

/** An event as the browser shows it: decoded as readers see it (the stored data when that fails), secrets hidden. */
function shown(recorded: RecordedEvent, decoded?: ReadEvent): LoggedEvent {
  let event: { type: string; data: unknown } = recorded;
  let readable = true;
  try {
    event = decoded ?? decodeRecorded(recorded);
  } catch {
    readable = false;
  }
  return {
    position: recorded.position,
    stream: recorded.streamName,
    revision: recorded.streamRevision,
    type: event.type,
    recordedAt: recorded.recordedAt,
    actor: actorOf(recorded),
    data: redactSecrets(event.data),
    metadata: redactSecrets(recorded.metadata) as Record<string, unknown>,
    readable,
  };
}

/**
 * The event browser (issue 18, admin only: the routes sit on the admin router behind requireAdmin): the stored log
 * newest first under filters, keyset-paged (browse-events.ts), and one stream stepped through with the document's
 * state and diff after each event, by the admin history's own fold (item-history.ts).
 */
export function eventBrowserRoutes(router: Router, deps: { pool: DatabasePool; store: EventStore }): void {
  on(router, eventBrowserApi.log, requireAdmin, async ({ query }) => {
    if (deps.store.kind !== 'postgres') throw new ConflictError(POSTGRES_ONLY);
    // Who caused an event is the actor's user id in its metadata; an e-mail address is looked up (no account: none).
    let userId = query.user;
    if (userId?.includes('@')) {
      userId = (await findUserByEmail(deps.pool, userId))?.id ?? null;
      if (userId === null) return { events: [], nextBefore: null };
    }
    const rows = await browseEvents(deps.pool, { ...query, userId, before: query.before as LogPosition | null, limit: query.limit + 1 });
    const page = rows.slice(0, query.limit);
    return { events: page.map((event) => shown(event)), nextBefore: rows.length > query.limit ? page[page.length - 1]!.position : null };
  });

  on(router, eventBrowserApi.stream, requireAdmin, async ({ query }) => {
    const events = await deps.store.readStream(query.name);
    if (events.length === 0) throw new NotFoundError('Strömmen finns inte');
    const kind = auditKindOfStream(query.name);
    const folded = kind ? foldStream(events) : events.map(() => null);
    return {
      stream: query.name,
      kind,
      events: events.map((event, i) => {
        const step = folded[i] ?? null;
        return {
          ...shown(event, event),
          state: step ? (redactSecrets(step.state) as Record<string, unknown>) : null,
          deleted: step?.deleted ?? false,
          changes: step ? step.changes.map((change) => redactChange(change)) : [],
        };
      }),
    };
  });
}
