import { DOCUMENT_EVENTS, type EntryFields } from '@mello/contracts';
import { createDocumentDecider } from '../document-decider';
import type { UniqueKey } from '../document-service';

export const ENTRY_NOT_FOUND = 'Posten hittades inte';

export const entryStream = (id: string) => `entry-${id}`;

/** An entry of a year's lineup: created, edited and deleted by the administrator (or the lineups import). */
export const entryDecider = createDocumentDecider<EntryFields>({
  names: DOCUMENT_EVENTS.entry,
  notFoundMessage: ENTRY_NOT_FOUND,
  alreadyExistsMessage: 'Posten finns redan',
});

/** A show whose running order an entry takes part in: a heat, or the final. */
export type ShowSlot = { show: string; runningOrder: number };

/**
 * The running-order slots an entry holds. `runningOrder` is the order in the entry's first show: its heat, or
 * the final in years without heats; `finalRunningOrder` is the final's. Both in the final (a year without
 * heats) are one slot.
 */
export function entrySlots(fields: Pick<EntryFields, 'heat' | 'runningOrder' | 'finalRunningOrder'>): ShowSlot[] {
  const slots: ShowSlot[] = [];
  if (fields.runningOrder !== null) slots.push({ show: fields.heat === null ? 'final' : `heat-${fields.heat}`, runningOrder: fields.runningOrder });
  if (fields.finalRunningOrder !== null) slots.push({ show: 'final', runningOrder: fields.finalRunningOrder });
  return slots.filter((slot, i) => slots.findIndex((other) => other.show === slot.show && other.runningOrder === slot.runningOrder) === i);
}

const showName = (show: string) => (show === 'final' ? 'finalen' : `deltävling ${show.slice('heat-'.length)}`);

/** Two entries may not share a running order in one show of a year: each slot is a reservation (reservation.ts). */
export const entrySlotKeys = (fields: EntryFields): UniqueKey[] =>
  entrySlots(fields).map(({ show, runningOrder }) => ({
    key: `lineup-slot-${fields.year}-${show}-${runningOrder}`,
    takenMessage: `Startnummer ${runningOrder} i ${showName(show)} ${fields.year} har redan en annan post`,
  }));

/** The changes that give an entry running order `position` in `show` (the reorder command). */
export function runningOrderChange(fields: EntryFields, show: string, position: number): Partial<EntryFields> {
  if (show !== 'final') return { runningOrder: position };
  if (fields.heat === null) return fields.finalRunningOrder === null ? { runningOrder: position } : { runningOrder: position, finalRunningOrder: position };
  return { finalRunningOrder: position };
}

/** Does the entry appear in `show` (as the lineup groups it)? */
export function entryIsInShow(fields: EntryFields, show: string): boolean {
  if (show === 'final') return fields.heat === null || fields.finalRunningOrder !== null || fields.heatResult === 'final' || fields.andraChansen === 'final';
  return fields.heat !== null && `heat-${fields.heat}` === show;
}
