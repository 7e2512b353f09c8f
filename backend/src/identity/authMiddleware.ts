import type { ApiUser, Role } from '@affilux/contract';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type pg from 'pg';
import { findPrincipalById } from '../accounts/users/queries';
import { AppError } from '../http/errors';
import type { Tokens } from './tokens';

declare module 'express-serve-static-core' {
  interface Request {
    user?: ApiUser;
  }
}

/** The signed-in user of a request that went through a guard. */
export function currentUser(req: Request): ApiUser {
  if (!req.user) throw new Error('currentUser() on a route without a guard');
  return req.user;
}

type Requirement = {
  /** Who may call; anyone signed in when omitted. */
  roles?: readonly Role[];
  /** Affiliate endpoints also require a verified email. */
  verifiedEmail?: boolean;
  /** GET /auth/me lets a frozen affiliate through, so the portal can show the frozen screen. */
  allowFrozen?: boolean;
};

/**
 * Who may do what, in one place. Admins run the back office; auditors read it (`backOffice`
 * guards every read, `admin` every write, so an auditor's write is a 403); affiliates have their
 * area once their email is verified; a frozen affiliate may only read who they are.
 */
export const GUARDS = {
  admin: { roles: ['admin'] },
  backOffice: { roles: ['admin', 'auditor'] },
  affiliate: { roles: ['affiliate'], verifiedEmail: true },
  unverifiedAffiliate: { roles: ['affiliate'] },
  signedIn: {},
  verifiedUser: { verifiedEmail: true },
  signedInEvenFrozen: { allowFrozen: true },
} as const satisfies Record<string, Requirement>;

/**
 * Bearer-token authentication with the spec's messages. A token issued before the last password
 * change (its `tv` is older than the stored token version) is refused, and so is a frozen
 * affiliate, at once, on every call but `/auth/me`.
 */
export function createAuth(deps: { pool: pg.Pool; tokens: Tokens }) {
  function guard(requirement: Requirement): RequestHandler {
    return async (req: Request, _res: Response, next: NextFunction) => {
      const match = req.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
      if (!match) throw AppError.coded(401, 'access_token_required');
      const claims = deps.tokens.verify(match[1]!);
      if (!claims) throw AppError.coded(401, 'authentication_required');
      const principal = await findPrincipalById(deps.pool, claims.sub);
      if (!principal || principal.tokenVersion !== claims.tv || principal.user.role !== claims.role) throw AppError.coded(401, 'authentication_required');
      const { user } = principal;
      if (requirement.roles && !requirement.roles.includes(user.role)) throw AppError.coded(403, 'insufficient_permissions');
      if (user.is_frozen && !requirement.allowFrozen) throw AppError.coded(403, 'account_frozen');
      if (requirement.verifiedEmail && !user.email_verified) throw AppError.coded(403, 'email_verification_required');
      req.user = user;
      next();
    };
  }
  const guards = Object.fromEntries(Object.entries(GUARDS).map(([name, requirement]) => [name, guard(requirement)])) as Record<keyof typeof GUARDS, RequestHandler>;
  return guards;
}

export type Auth = ReturnType<typeof createAuth>;
