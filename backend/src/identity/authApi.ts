import { Router } from 'express';
import { z } from 'zod';
import { findManagerContact } from '../managers/managerList/queries';
import { personFields } from '../accounts/rules';
import { findPrincipalByEmail } from '../accounts/users/queries';
import type { AppDeps } from '../feature';
import { AppError } from '../http/errors';
import { requestContext } from '../http/requestContext';
import { parse } from '../http/validate';
import { currentUser } from './authMiddleware';
import type { createLoginThrottle } from './loginThrottle';
import { verifyPassword } from './passwords';
import { recordSignIn } from './signIns';

/** The sign-in's checks, worded in French like every other form's (the sign-in form checks the same first). */
const loginSchema = z.object({
  email: personFields.email,
  password: z.string({ error: 'Le mot de passe est requis' }).min(1, 'Le mot de passe est requis').max(200),
});

/** Sign-in and the current user. */
export function authApi(deps: Pick<AppDeps, 'pool' | 'eventStore' | 'tokens' | 'auth' | 'clock'>, throttle: ReturnType<typeof createLoginThrottle>) {
  const router = Router();

  router.post('/auth/login', async (req, res) => {
    const { email, password } = parse(loginSchema, req.body);
    const now = deps.clock();
    const attempt = await throttle.begin(email, req.ip ?? 'unknown', now);
    const principal = await findPrincipalByEmail(deps.pool, email);
    if (!(await verifyPassword(password, principal?.passwordHash ?? null)) || !principal) throw AppError.coded(401, 'invalid_credentials');
    await attempt.succeeded();
    const { user } = principal;
    await recordSignIn(deps.eventStore, user.id, { ...requestContext(req, now), actor: { id: user.id, role: user.role } });
    const token = deps.tokens.issue({ sub: user.id, role: user.role, tv: principal.tokenVersion });
    res.json({ token, user: { ...user, last_connection: now.toISOString() } });
  });

  // The only call a frozen affiliate may make, so it also carries the manager's contact for the frozen screen.
  router.get('/auth/me', deps.auth.signedInEvenFrozen, async (req, res) => {
    const user = currentUser(req);
    if (!user.is_frozen) return void res.json({ user });
    res.json({ user, manager: await findManagerContact(deps.pool, user.manager_id) });
  });

  return router;
}
