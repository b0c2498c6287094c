import { EventName, type EventOf } from '@mello/contracts';

export type ReservationEvent = EventOf<'KeyClaimed' | 'KeyReleased'>;
import { ConflictError, assertNever } from '../shared/errors';

/**
 * A unique key (a year number, an article slug) is owned through its own stream. Claiming appends with the
 * stream's expected revision, so of two concurrent claims exactly one succeeds: uniqueness is decided on the
 * write side, not by a read model that may lag.
 */
export type ReservationState = { owner: string | null };
export type ReservationCommand = { type: 'claim'; key: string; ownerId: string; takenMessage: string } | { type: 'release'; key: string; ownerId: string };

export const reservationStream = (key: string) => `reservation-${key}`;

export const initialReservation = (): ReservationState => ({ owner: null });

export function evolveReservation(state: ReservationState, event: ReservationEvent): ReservationState {
  switch (event.type) {
    case EventName.KeyClaimed:
      return { owner: event.data.ownerId };
    case EventName.KeyReleased:
      return state.owner === event.data.ownerId ? { owner: null } : state;
    default:
      return assertNever(event);
  }
}

export function decideReservation(command: ReservationCommand, state: ReservationState): ReservationEvent[] {
  switch (command.type) {
    case 'claim':
      if (state.owner === command.ownerId) return [];
      if (state.owner !== null) throw new ConflictError(command.takenMessage);
      return [{ type: EventName.KeyClaimed, data: { key: command.key, ownerId: command.ownerId } }];
    case 'release':
      return state.owner === command.ownerId ? [{ type: EventName.KeyReleased, data: { key: command.key, ownerId: command.ownerId } }] : [];
    default:
      return assertNever(command);
  }
}
