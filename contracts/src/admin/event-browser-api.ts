import { route } from '../http/route';
import { ADMIN_API_PREFIX } from './admin-api';
import { EventLogPageSchema, EventLogQuerySchema, StreamQuerySchema, StreamViewSchema } from './event-browser';

/** The event browser (issue 18): the stored log itself, and one stream stepped through with its document's state. */
export const eventBrowserApi = {
  log: route({
    method: 'GET',
    path: `${ADMIN_API_PREFIX}/events`,
    query: EventLogQuerySchema,
    response: EventLogPageSchema,
    summary: 'Händelseloggen som den är lagrad, nyast först, filtrerad på ström, typ, användare och tid (admin)',
  }),
  stream: route({
    method: 'GET',
    path: `${ADMIN_API_PREFIX}/events/stream`,
    query: StreamQuerySchema,
    response: StreamViewSchema,
    summary: 'En ström händelse för händelse, med dokumentets tillstånd och ändringar efter varje (admin)',
  }),
};
