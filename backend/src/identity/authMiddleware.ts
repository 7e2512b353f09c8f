import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type pg from 'pg';
import { findPrincipalById, toApiUser, type ApiUser } from '../accounts/usersQueries';
import { AppError } from '../http/errors';
import type { Tokens } from './tokens';

declare module 'express-serve-static-core' {
  interface Request {
    user?: ApiUser;
  }
}

/** The signed-in user of a request that went through `authenticate`. */
export function currentUser(req: Request): ApiUser {
  if (!req.user) throw new Error('currentUser() on a route without authenticate');
  return req.user;
}

/**
 * Bearer-token authentication with the spec's messages. A token issued before the last password
 * change (its `tv` is older than the stored token version) is refused. A frozen affiliate is refused
 * everywhere except where `allowFrozen` is set (GET /auth/me, so the portal can show the frozen screen).
 */
type Requirement = {
  /** GET /auth/me lets a frozen affiliate through, so the portal can show the frozen screen. */
  allowFrozen?: boolean;
  role?: ApiUser['role'];
  /** Affiliate endpoints also require a verified email. */
  verifiedEmail?: boolean;
};

/**
 * Bearer-token authentication with the spec's messages. A token issued before the last password
 * change (its `tv` is older than the stored token version) is refused, and a frozen affiliate is
 * refused everywhere except where `allowFrozen` is set.
 */
export function createAuth(deps: { pool: pg.Pool; tokens: Tokens }) {
  function authenticate(requirement: Requirement = {}): RequestHandler {
    return async (req: Request, _res: Response, next: NextFunction) => {
      const match = req.headers.authorization?.match(/^Bearer\s+(\S+)$/i);
      if (!match) throw new AppError(401, 'Access token required');
      const claims = deps.tokens.verify(match[1]!);
      if (!claims) throw new AppError(401, 'Authentication required');
      const principal = await findPrincipalById(deps.pool, claims.sub);
      if (!principal || principal.token_version !== claims.tv || principal.role !== claims.role) {
        throw new AppError(401, 'Authentication required');
      }
      if (requirement.role && principal.role !== requirement.role) throw new AppError(403, 'Insufficient permissions');
      if (principal.is_frozen && !requirement.allowFrozen) throw new AppError(403, 'Account frozen');
      if (requirement.verifiedEmail && !principal.email_verified) throw new AppError(403, 'Email verification required');
      req.user = toApiUser(principal);
      next();
    };
  }

  return {
    authenticate,
    admin: authenticate({ role: 'admin' }),
    affiliate: authenticate({ role: 'affiliate', verifiedEmail: true }),
    /** Any signed-in, non-frozen user (profile and password changes, email verification). */
    signedIn: authenticate(),
  };
}

export type Auth = ReturnType<typeof createAuth>;
