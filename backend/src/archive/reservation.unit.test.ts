import { describe, expect, it } from 'vitest';
import { ConflictError } from '../shared/errors';
import { decideReservation, evolveReservation, initialReservation, type ReservationEvent } from './reservation';

const given = (events: ReservationEvent[]) => events.reduce(evolveReservation, initialReservation());
const claimed = (ownerId: string): ReservationEvent => ({ type: 'KeyClaimed', data: { key: 'year-number-1974', ownerId } });
const released = (ownerId: string): ReservationEvent => ({ type: 'KeyReleased', data: { key: 'year-number-1974', ownerId } });
const claim = (ownerId: string) => ({ type: 'claim' as const, key: 'year-number-1974', ownerId, takenMessage: 'Året 1974 finns redan i arkivet' });
const release = (ownerId: string) => ({ type: 'release' as const, key: 'year-number-1974', ownerId });

describe('reservation of a unique key', () => {
  it('given a free key, when claimed, then it is claimed', () => {
    expect(decideReservation(claim('a'), given([]))).toEqual([claimed('a')]);
  });

  it('given a key claimed by another, when claimed, then conflict with the message', () => {
    expect(() => decideReservation(claim('b'), given([claimed('a')]))).toThrow(new ConflictError('Året 1974 finns redan i arkivet'));
  });

  it('given a key claimed by the same owner, when claimed again, then nothing (a retried import)', () => {
    expect(decideReservation(claim('a'), given([claimed('a')]))).toEqual([]);
  });

  it('given a released key, when claimed by another, then it is claimed', () => {
    expect(decideReservation(claim('b'), given([claimed('a'), released('a')]))).toEqual([claimed('b')]);
  });

  it('only the owner releases; releasing a key one does not own does nothing', () => {
    expect(decideReservation(release('a'), given([claimed('a')]))).toEqual([released('a')]);
    expect(decideReservation(release('b'), given([claimed('a')]))).toEqual([]);
    expect(evolveReservation(given([claimed('a')]), released('b'))).toEqual({ owner: 'a' });
  });
});
