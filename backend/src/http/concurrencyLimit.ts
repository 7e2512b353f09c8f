import { SERVER_MESSAGES } from '@affilux/contract';
import type { Request, RequestHandler } from 'express';

/**
 * Heavy requests of signed-in callers (a year of rows to price), in two steps around the body parser:
 * - `perCaller`, before it: one request at a time per caller, body included (a second while the
 *   first runs, waits or is still sending is a 429), so one caller never holds more than one body;
 * - `onServer`, after it: at most `total` requests computing at once, the others waiting their turn.
 *   A body still coming holds no turn, so callers sending theirs slowly hold up nobody else.
 */
export function concurrencyLimit(options: { total: number; callerOf: (req: Request) => string }): { perCaller: RequestHandler; onServer: RequestHandler } {
  const callers = new Set<string>();
  const queue: { start: () => void; gone: boolean }[] = [];
  let active = 0;
  const freeSlot = () => {
    let turn = queue.shift();
    while (turn?.gone) turn = queue.shift();
    if (turn) turn.start();
    else active--;
  };
  const perCaller: RequestHandler = (req, res, next) => {
    const caller = options.callerOf(req);
    if (callers.has(caller)) {
      res.status(429).set('Retry-After', '1').json({ message: SERVER_MESSAGES.rate_limited, code: 'rate_limited' });
      return;
    }
    callers.add(caller);
    res.on('close', () => callers.delete(caller));
    next();
  };
  const onServer: RequestHandler = (_req, res, next) => {
    let state: 'waiting' | 'running' | 'done' = 'waiting';
    const turn = { start: () => { state = 'running'; next(); }, gone: false };
    // Whatever the end: answered, failed, or the caller gone (one that leaves while waiting gives up its turn).
    res.on('close', () => {
      if (state === 'running') freeSlot();
      else if (state === 'waiting') turn.gone = true;
      state = 'done';
    });
    if (active < options.total) {
      active++;
      turn.start();
    } else {
      queue.push(turn);
    }
  };
  return { perCaller, onServer };
}
