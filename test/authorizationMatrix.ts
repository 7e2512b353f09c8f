import { expect } from 'vitest';
import type { ApiHarness } from './apiHarness';

/** Signed-in callers who are not admins: a verified affiliate, one whose email is not verified, and a frozen one. */
export type Outsiders = { affiliate: string; unverified: string; frozen: string };

export async function outsiders(h: ApiHarness): Promise<Outsiders> {
  const affiliate = await h.createAffiliate();
  const unverified = await h.createAffiliate({ verified: false });
  const frozen = await h.createAffiliate();
  await h.recordAccountEvent(frozen.id, { type: 'AccountFrozen', data: {} });
  return { affiliate: affiliate.token, unverified: unverified.token, frozen: frozen.token };
}

/** A back-office call refused to everyone but the back office: anonymous 401, every kind of affiliate 403, and nothing recorded. */
export async function expectBackOfficeOnly(h: ApiHarness, who: Outsiders, method: string, path: string, body?: unknown): Promise<void> {
  const head = await h.eventHead();
  expect((await h.call(method, path, { body })).status, `anonymous ${method} ${path}`).toBe(401);
  for (const [caller, token] of Object.entries(who)) {
    expect((await h.call(method, path, { token, body })).status, `${caller} ${method} ${path}`).toBe(403);
  }
  expect(await h.eventHead(), `${method} ${path} recorded nothing`).toBe(head);
}
