import { describe, expect, it } from 'vitest';
import { referralLink } from './referralLink';

describe('the referral link', () => {
  it("is the portal's /register with the affiliate's 5-digit id as ref", () => {
    expect(referralLink('https://affilux.example', 42)).toBe('https://affilux.example/register?ref=00042');
    expect(referralLink('http://127.0.0.1:4173', 12345)).toBe('http://127.0.0.1:4173/register?ref=12345');
  });
});
