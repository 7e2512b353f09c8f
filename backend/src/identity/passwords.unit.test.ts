import bcrypt from 'bcryptjs';
import { describe, expect, it } from 'vitest';
import { hashPassword, PASSWORD_HASH_COST, passwordHashCost, verifyPassword } from './passwords';

describe('password hashing', () => {
  it("uses bcrypt's work factor 10 wherever BCRYPT_COST is not a test run's", () => {
    expect(PASSWORD_HASH_COST).toBe(10);
    expect(passwordHashCost({})).toBe(10);
    expect(passwordHashCost({ NODE_ENV: 'production', BCRYPT_COST: '4' })).toBe(10);
    expect(passwordHashCost({ NODE_ENV: 'development', BCRYPT_COST: '4' })).toBe(10);
    expect(passwordHashCost({ NODE_ENV: 'test' })).toBe(10);
  });

  it('lets a test run lower it with BCRYPT_COST, and refuses a factor bcrypt has not', () => {
    expect(passwordHashCost({ NODE_ENV: 'test', BCRYPT_COST: '4' })).toBe(4);
    expect(() => passwordHashCost({ NODE_ENV: 'test', BCRYPT_COST: '3' })).toThrow(/BCRYPT_COST/);
    expect(() => passwordHashCost({ NODE_ENV: 'test', BCRYPT_COST: 'ten' })).toThrow(/BCRYPT_COST/);
  });

  it('hashes with the factor in force and verifies the right password only', async () => {
    const hash = await hashPassword('correct horse battery staple');
    expect(bcrypt.getRounds(hash)).toBe(passwordHashCost());
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', hash)).toBe(false);
    expect(await verifyPassword('correct horse battery staple', null)).toBe(false);
  });
});
