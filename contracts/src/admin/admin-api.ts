import { z } from 'zod';
import { API_PREFIX, route } from '../http/route';
import { AdminStatusSchema, AuditPageSchema, AuditQuerySchema, ItemTimelineSchema, ItemVersionSchema, RestoreInputSchema } from './audit';

/**
 * Everything under this prefix is the administrator's (the server answers a visitor 401 and a member 403 there,
 * whatever the path and method: backend/src/admin/admin-routes.ts, adminArea). Every path below starts with it.
 */
export const ADMIN_API_PREFIX = `${API_PREFIX}/admin` as const;

/** The administrator's view of the event log (issue 7): site-wide history, an item's timeline and versions, restore, status. */
export const adminApi = {
  history: route({
    method: 'GET',
    path: `${ADMIN_API_PREFIX}/history`,
    query: AuditQuerySchema,
    response: AuditPageSchema,
    summary: 'Händelseloggen, nyast först, filtrerad och sidad (admin)',
  }),
  timeline: route({
    method: 'GET',
    path: `${ADMIN_API_PREFIX}/history/:kind/:id`,
    response: ItemTimelineSchema,
    summary: 'En posts egen historik med ändringarna (admin)',
  }),
  version: route({
    method: 'GET',
    path: `${ADMIN_API_PREFIX}/history/:kind/:id/versions/:revision`,
    response: ItemVersionSchema,
    summary: 'Posten som den såg ut efter en händelse (admin)',
  }),
  restore: route({
    method: 'POST',
    path: `${ADMIN_API_PREFIX}/history/:kind/:id/restore`,
    body: RestoreInputSchema,
    // The restored document as it now stands: a year, video, article, entry, artist or source.
    response: z.object({ id: z.string() }).passthrough(),
    summary: 'Återställer en tidigare version som en ny händelse (admin)',
  }),
  status: route({
    method: 'GET',
    path: `${ADMIN_API_PREFIX}/status`,
    response: AdminStatusSchema,
    summary: 'Projektionernas position och eftersläpning (admin)',
  }),
};
