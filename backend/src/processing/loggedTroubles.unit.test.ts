import { describe, expect, it, vi } from 'vitest';
import { loggedTroubles, type ProcessingFailure } from './runner';

const failure: ProcessingFailure = { processor: 'statistics', error: 'x', since: new Date(), attempts: 1, retryInMs: 1000 };
const wrapped = (code: string) => new Error('statistics: terminating connection due to administrator command', { cause: Object.assign(new Error('terminating connection'), { code }) });

describe("the runner's troubles in the log", () => {
  it('logs a failing batch as an error', () => {
    const log = { error: vi.fn(), warn: vi.fn() };
    loggedTroubles(log).onError(wrapped('23505'), failure);
    expect(log.error).toHaveBeenCalledOnce();
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('logs connections ended by the database shutting down (Ctrl-C reaches the embedded PostgreSQL too) as a warning, not an error', () => {
    const log = { error: vi.fn(), warn: vi.fn() };
    loggedTroubles(log).onError(wrapped('57P01'), failure);
    expect(log.error).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledWith({ processor: 'statistics', retryInMs: 1000 }, 'the database is shutting down: event processing waits for it');
  });
});
