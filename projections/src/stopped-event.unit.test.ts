import { describe, expect, it } from 'vitest';
import { ProjectionApplyError, stoppedEventOf } from './apply-batch';

describe('stoppedEventOf', () => {
  it('reads back the event a ProjectionApplyError names', () => {
    const event = { id: 'e-1', position: '0000000042', type: 'YearCreated' as const, streamName: 'year-5b1c (x)' };
    const error = new ProjectionApplyError('years', event, new Error('boom (badly)'));
    expect(stoppedEventOf(error.message)).toEqual({ type: 'YearCreated', position: '0000000042', streamName: 'year-5b1c (x)', id: 'e-1' });
  });

  it('is null for another error, or none', () => {
    expect(stoppedEventOf('connect ECONNREFUSED 127.0.0.1:5432')).toBeNull();
    expect(stoppedEventOf(null)).toBeNull();
  });
});
