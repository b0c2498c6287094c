import type { DocumentEventNames, DomainEvent, EventName } from '@mello/contracts';
import { ConflictError, NotFoundError, assertNever } from '../shared/errors';

/**
 * Years, videos and articles share one life cycle: created, updated, deleted. This decider holds it once;
 * each aggregate names its events and its not-found message (see years/year.ts, videos/video.ts, articles/article.ts).
 */
export type DocumentState<F> = { status: 'none' } | { status: 'active'; id: string; fields: F } | { status: 'deleted'; id: string; fields: F };

export type DocumentCommand<F> =
  | { type: 'create'; id: string; fields: F }
  | { type: 'update'; id: string; changes: Partial<F> }
  | { type: 'delete'; id: string }
  /** Brings a deleted document back with the given fields (the admin's "återställ" of an earlier version). */
  | { type: 'recreate'; id: string; fields: F };

export type DocumentEvent<F> = DomainEvent<EventName, { id: string; fields: F }> | DomainEvent<EventName, { id: string; fields: F; changed: string[] }>;

export type DocumentDecider<F> = {
  names: DocumentEventNames;
  initialState: () => DocumentState<F>;
  evolve: (state: DocumentState<F>, event: DocumentEvent<F>) => DocumentState<F>;
  decide: (command: DocumentCommand<F>, state: DocumentState<F>) => DocumentEvent<F>[];
};

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function createDocumentDecider<F extends Record<string, unknown>>(options: {
  names: DocumentEventNames;
  notFoundMessage: string;
  alreadyExistsMessage: string;
}): DocumentDecider<F> {
  const { names } = options;

  const evolve = (state: DocumentState<F>, event: DocumentEvent<F>): DocumentState<F> => {
    switch (event.type) {
      case names.created:
      case names.updated:
        return { status: 'active', id: event.data.id, fields: event.data.fields };
      case names.deleted:
        return { status: 'deleted', id: event.data.id, fields: event.data.fields };
      default:
        return state;
    }
  };

  const decide = (command: DocumentCommand<F>, state: DocumentState<F>): DocumentEvent<F>[] => {
    switch (command.type) {
      case 'create':
        if (state.status !== 'none') throw new ConflictError(options.alreadyExistsMessage);
        return [{ type: names.created, data: { id: command.id, fields: command.fields } }];
      case 'update': {
        if (state.status !== 'active') throw new NotFoundError(options.notFoundMessage);
        const fields = { ...state.fields, ...definedOnly(command.changes) } as F;
        const changed = Object.keys(fields).filter((key) => !sameValue(fields[key], state.fields[key]));
        // Saving an unchanged form is not an event: nothing happened.
        if (changed.length === 0) return [];
        return [{ type: names.updated, data: { id: state.id, fields, changed } }];
      }
      case 'delete':
        if (state.status !== 'active') throw new NotFoundError(options.notFoundMessage);
        return [{ type: names.deleted, data: { id: state.id, fields: state.fields } }];
      case 'recreate':
        if (state.status !== 'deleted') throw new ConflictError(options.alreadyExistsMessage);
        return [{ type: names.created, data: { id: state.id, fields: command.fields } }];
      default:
        return assertNever(command);
    }
  };

  return { names, initialState: () => ({ status: 'none' }), evolve, decide };
}

function definedOnly<T extends Record<string, unknown>>(changes: Partial<T>): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as Partial<T>;
}
