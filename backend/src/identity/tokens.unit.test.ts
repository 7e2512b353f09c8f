import jwt from 'jsonwebtoken';
import { describe, expect, it } from 'vitest';
import { createTokens } from './tokens';

const secret = 'a-test-secret-that-is-long-enough-for-hs256';
const claims = { sub: '6b1f3a2e-5d4c-4b3a-9f8e-7d6c5b4a3f2e', role: 'affiliate' as const, tv: 3 };

describe('session tokens', () => {
  it('round-trips the claims of a token it issued', () => {
    const tokens = createTokens(secret, '1h');
    expect(tokens.verify(tokens.issue(claims))).toEqual(claims);
  });

  it('refuses an unsigned token (alg none), another algorithm, another secret and an expired token', () => {
    const tokens = createTokens(secret, '1h');
    const unsigned = jwt.sign(claims, '', { algorithm: 'none' });
    const hs512 = jwt.sign(claims, secret, { algorithm: 'HS512' });
    const otherSecret = jwt.sign(claims, `${secret}-other`, { algorithm: 'HS256' });
    const expired = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, secret, { algorithm: 'HS256' });
    for (const token of [unsigned, hs512, otherSecret, expired, 'not.a.token']) expect(tokens.verify(token)).toBeNull();
  });

  it('refuses a well-signed token whose claims are not ours', () => {
    const tokens = createTokens(secret, '1h');
    expect(tokens.verify(jwt.sign({ sub: claims.sub, role: 'root', tv: 1 }, secret, { algorithm: 'HS256' }))).toBeNull();
    expect(tokens.verify(jwt.sign({ sub: claims.sub, role: 'admin' }, secret, { algorithm: 'HS256' }))).toBeNull();
    // An account id is a UUID: anything else would reach the account's query and fail there (a 500, not a 401).
    expect(tokens.verify(jwt.sign({ ...claims, sub: "x' or 1=1" }, secret, { algorithm: 'HS256', expiresIn: '1h' }))).toBeNull();
  });
});
