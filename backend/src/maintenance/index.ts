/**
 * The maintainers' console's core (docs/read-models.md, *Rebuilding*): rebuilds and their lock, runs and progress,
 * and the projections' status. `npm run rebuild`, `npm run projections` and the admin Drift tab all use it.
 */
export * from './rebuild-errors';
export * from './rebuild-job';
export * from './rebuild-lock';
export * from './rebuild-runs';
export * from './projection-status';
export * from './event-count';
export * from './rebuild-requests';
export * from './rebuilds-here';
