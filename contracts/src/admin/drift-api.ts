import { ADMIN_API_PREFIX } from './admin-api';
import { route } from '../http/route';
import { DriftStateSchema, RebuildInputSchema, RebuildRunSchema, RetryAnswerSchema } from './drift';

/**
 * The maintainers' console (the admin "Drift" tab): its state, rebuilds (every read model or one projection),
 * cancelling one, and retrying a stopped projection. Admin only, like everything under ADMIN_API_PREFIX. Progress
 * and status changes arrive over Socket.IO (drift:watch, drift:run, drift:projections: forum/live.ts).
 */
export const driftApi = {
  state: route({
    method: 'GET',
    path: `${ADMIN_API_PREFIX}/drift`,
    response: DriftStateSchema,
    summary: 'Projektionernas status, pågående ombyggnad och de senaste ombyggnaderna (admin)',
  }),
  rebuild: route({
    method: 'POST',
    path: `${ADMIN_API_PREFIX}/drift/rebuilds`,
    body: RebuildInputSchema,
    response: RebuildRunSchema,
    status: 202,
    summary: 'Startar en ombyggnad av alla läsmodeller eller en projektion; 409 medan en annan pågår (admin)',
    labels: { target: 'Mål' },
  }),
  cancel: route({
    method: 'POST',
    path: `${ADMIN_API_PREFIX}/drift/rebuilds/:id/cancel`,
    response: RebuildRunSchema,
    status: 202,
    summary: 'Avbryter en pågående ombyggnad, i vilken process den än körs (admin)',
  }),
  retry: route({
    method: 'POST',
    path: `${ADMIN_API_PREFIX}/drift/projections/:name/retry`,
    response: RetryAnswerSchema,
    status: 202,
    summary: 'Låter en stoppad projektion försöka igen från händelsen den stannade på (admin)',
  }),
};
