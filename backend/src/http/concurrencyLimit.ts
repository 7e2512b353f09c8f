import { SERVER_MESSAGES } from '@affilux/contract';
import type { Request, RequestHandler } from 'express';

/**
 * Heavy requests of signed-in callers (a year of rows to price): one at a time per caller (a second
 * while the first runs or waits is a 429), and at most `total` at once on the server, the others
 * waiting their turn before their body is even read. Mounted after authentication, before the body parser.
 */
export function concurrencyLimit(options: { total: number; callerOf: (req: Request) => string }): RequestHandler {
  const callers = new Set<string>();
  const queue: { start: () => void; gone: boolean }[] = [];
  let active = 0;
  const freeSlot = () => {
    let turn = queue.shift();
    while (turn?.gone) turn = queue.shift();
    if (turn) turn.start();
    else active--;
  };
  return (req, res, next) => {
    const caller = options.callerOf(req);
    if (callers.has(caller)) {
      res.status(429).set('Retry-After', '1').json({ message: SERVER_MESSAGES.rate_limited, code: 'rate_limited' });
      return;
    }
    callers.add(caller);
    let state: 'waiting' | 'running' | 'done' = 'waiting';
    const turn = { start: () => { state = 'running'; next(); }, gone: false };
    // Whatever the end: answered, failed, or the caller gone (one that leaves while waiting gives up its turn).
    res.on('close', () => {
      callers.delete(caller);
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
}
