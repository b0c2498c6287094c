import { ConflictError, ValidationError } from '../shared/errors';
import type { RebuildRun } from './rebuild-runs';

/**
 * A rebuild was asked for while another one runs (in this or any other process): 409 over HTTP, with the run
 * that holds the lock when it is known (null: it has only just started, or it is the start-up build).
 */
export class RebuildInProgressError extends ConflictError {
  constructor(readonly running: RebuildRun | null) {
    super('En ombyggnad av läsmodellerna pågår redan. Vänta tills den är klar, eller avbryt den, och försök sedan igen.');
  }
}

/** A rebuild of a projection that does not exist; `valid` names every projection there is. */
export class UnknownProjectionError extends ValidationError {
  constructor(
    readonly projection: string,
    readonly valid: readonly string[],
  ) {
    super(`Okänd projektion: ${projection}. Giltiga namn: ${valid.join(', ')}`);
  }
}
