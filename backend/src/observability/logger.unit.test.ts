import { describe, expect, it } from 'vitest';
import { createLogger, logFunction } from './logger';
import { capturedLines } from './test-log-lines';

describe('JSON logs', () => {
  it('writes one JSON object per line with the level by name, an ISO time, the message and the fields', () => {
    const destination = capturedLines();
    const log = logFunction(createLogger({ destination }));
    log('Imported the archive', { years: 65 });
    expect(destination.lines).toEqual([expect.objectContaining({ level: 'info', msg: 'Imported the archive', years: 65 })]);
    expect(new Date(destination.lines[0]!.time as string).toISOString()).toBe(destination.lines[0]!.time);
  });

  it('logs what a caller reports with an error field at level error', () => {
    const destination = capturedLines();
    logFunction(createLogger({ destination }))('view count flush failed', { error: 'connection refused' });
    expect(destination.lines[0]).toMatchObject({ level: 'error', msg: 'view count flush failed', error: 'connection refused' });
  });

  it('leaves out lines below the level', () => {
    const destination = capturedLines();
    const logger = createLogger({ level: 'warn', destination });
    logFunction(logger)('started');
    logger.warn('careful');
    expect(destination.lines.map((line) => line.msg)).toEqual(['careful']);
  });
});
