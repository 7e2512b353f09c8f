import { createSecretKey, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ROLES, type Role } from '@affilux/contract';
import jwt from 'jsonwebtoken';

export type TokenClaims = { sub: string; role: Role; tv: number };

export type Tokens = {
  issue(claims: TokenClaims): string;
  /** The claims of a valid token signed by us with HS256 and carrying an expiry that has not passed; null otherwise. */
  verify(token: string): TokenClaims | null;
};

/** Every account's id is a UUID: a token naming anything else is not ours, whatever its signature. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createTokens(secret: string, expiresIn: string): Tokens {
  // A KeyObject, built once: given a string, jsonwebtoken tries to parse it as a PEM key on every
  // verify, which was most of the cost of an authenticated request.
  const key = createSecretKey(Buffer.from(secret));
  return {
    issue: (claims) => jwt.sign(claims, key, { algorithm: 'HS256', expiresIn: expiresIn as jwt.SignOptions['expiresIn'] }),
    verify(token) {
      try {
        const payload = jwt.verify(token, key, { algorithms: ['HS256'] });
        if (typeof payload !== 'object' || typeof payload.sub !== 'string' || !UUID.test(payload.sub) || typeof payload.tv !== 'number') return null;
        // jsonwebtoken accepts a token without `exp` as never expiring: ours always carry one.
        if (typeof payload.exp !== 'number') return null;
        if (!ROLES.includes(payload.role)) return null;
        return { sub: payload.sub, role: payload.role, tv: payload.tv };
      } catch {
        return null;
      }
    },
  };
}

/** JWT_SECRET when given; otherwise a secret generated once and kept in the data folder. */
export async function loadJwtSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    await fs.mkdir(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    await fs.writeFile(file, secret, { mode: 0o600, flag: 'wx' }).catch(async () => {});
    return (await fs.readFile(file, 'utf8')).trim();
  }
}
