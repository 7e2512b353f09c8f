import { describe, expect, it } from 'vitest';
import { fold, recorded } from '../../../../test/recorded';
import { emailVerificationsProjection } from './projection';

const verified = { type: 'EmailVerified' as const, data: { email: 'a@example.test' } };

describe('the days affiliates verified their email', () => {
  it('keeps the day in Paris of the first verification (23:30 UTC on 16 November is the 17th in Paris)', () => {
    const first = recorded('user-u1', [verified], '2026-11-16T23:30:00.000Z');
    const later = recorded('user-u1', [verified], '2026-11-20T10:00:00.000Z');
    expect(fold(emailVerificationsProjection, first)).toEqual({ id: 'u1', day: '2026-11-17' });
    expect(fold(emailVerificationsProjection, [...first, ...later])).toEqual({ id: 'u1', day: '2026-11-17' });
  });
});
