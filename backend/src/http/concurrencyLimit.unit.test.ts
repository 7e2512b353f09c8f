import { EventEmitter } from 'node:events';
import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './concurrencyLimit';

/** A request as the middleware sees it: its caller, and a response that can be closed. */
function request(caller: string) {
  const res = Object.assign(new EventEmitter(), {
    statusCode: 200,
    status(code: number) { res.statusCode = code; return res; },
    set() { return res; },
    json() { res.emit('close'); return res; },
  });
  return { req: { caller } as unknown as Request, res: res as unknown as Response & EventEmitter, close: () => res.emit('close') };
}

describe('concurrencyLimit', () => {
  const limit = () => concurrencyLimit({ total: 2, callerOf: (req) => (req as unknown as { caller: string }).caller });

  it('given two requests computing, when a third comes, then it waits until one of them is done', () => {
    const { onServer } = limit();
    const started: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map(request);
    onServer(a!.req, a!.res, () => started.push('a'));
    onServer(b!.req, b!.res, () => started.push('b'));
    onServer(c!.req, c!.res, () => started.push('c'));
    expect(started).toEqual(['a', 'b']);
    b!.close();
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('given a waiting request whose caller left, when a turn frees, then the next one still waiting gets it', () => {
    const { onServer } = limit();
    const started: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map(request);
    for (const [name, r] of [['a', a], ['b', b], ['c', c], ['d', d]] as const) onServer(r!.req, r!.res, () => started.push(name));
    c!.close();
    a!.close();
    expect(started).toEqual(['a', 'b', 'd']);
  });

  it("given a caller's request under way, when the caller sends another, then it is a 429 until the first is done", () => {
    const { perCaller } = limit();
    const passed: string[] = [];
    const first = request('paul');
    const second = request('paul');
    const other = request('sarah');
    perCaller(first.req, first.res, () => passed.push('first'));
    perCaller(second.req, second.res, () => passed.push('second'));
    perCaller(other.req, other.res, () => passed.push('other'));
    expect(passed).toEqual(['first', 'other']);
    expect(second.res.statusCode).toBe(429);
    first.close();
    const third = request('paul');
    perCaller(third.req, third.res, () => passed.push('third'));
    expect(passed).toEqual(['first', 'other', 'third']);
  });
});
