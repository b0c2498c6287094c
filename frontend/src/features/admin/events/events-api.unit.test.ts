import { describe, expect, it } from 'vitest';
import { EVENTS_PAGE_SIZE, NO_EVENT_FILTERS, eventLogQuery } from './events-api';

describe('eventLogQuery', () => {
  it('sends only the filters given, trimmed, with the page size', () => {
    expect(eventLogQuery(NO_EVENT_FILTERS)).toEqual({ limit: EVENTS_PAGE_SIZE });
    expect(eventLogQuery({ ...NO_EVENT_FILTERS, stream: '  year-1 ', type: 'YearUpdated', user: ' ', from: '2026-01-01' })).toEqual({
      stream: 'year-1',
      type: 'YearUpdated',
      from: '2026-01-01',
      limit: EVENTS_PAGE_SIZE,
    });
  });
});
