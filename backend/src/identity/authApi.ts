import { Router } from 'express';
import { z } from 'zod';
import { findManagerContact } from '../accounts/accountApi';
import { findPrincipalByEmail, toApiUser } from '../accounts/usersQueries';
import { signInStream } from '../accounts/events';
import { toNewEvents } from '../eventstore/commands';
import { AppError } from '../http/errors';
import { parse } from '../http/validate';
import type { AppDeps } from '../app';
import { currentUser } from './authMiddleware';
import { createLoginThrottle } from './loginThrottle';
import { verifyPassword } from './passwords';
import { requestContext } from './requestContext';

export const emailSchema = z.string({ error: 'Email is required' }).trim().toLowerCase().min(1, 'Email is required').email('Invalid email address');

const loginSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});

export function authApi(deps: AppDeps) {
  const throttle = createLoginThrottle(deps.pool);
  const router = Router();

  router.post('/auth/login', async (req, res) => {
    const { email, password } = parse(loginSchema, req.body);
    const now = deps.clock();
    await throttle.assertAllowed(email, now);
    const principal = await findPrincipalByEmail(deps.pool, email);
    if (!(await verifyPassword(password, principal?.password_hash ?? null)) || !principal) {
      await throttle.recordFailure(email, now);
      throw new AppError(401, 'Invalid credentials');
    }
    await throttle.reset(email);
    const ctx = { ...requestContext(req, now), actor: { id: principal.id, role: principal.role } };
    // Sign-ins form an activity log with no rule to protect, so they go to their own stream without a revision check.
    await deps.eventStore.append(signInStream(principal.id), toNewEvents([{ type: 'SignedIn', data: {} }], ctx), { expectedRevision: 'any' });
    const token = deps.tokens.issue({ sub: principal.id, role: principal.role, tv: principal.token_version });
    res.json({ token, user: { ...toApiUser(principal), last_connection: now.toISOString() } });
  });

  // The only call a frozen affiliate may make, so it also carries the manager's contact for the frozen screen.
  router.get('/auth/me', deps.auth.authenticate({ allowFrozen: true }), async (req, res) => {
    const user = currentUser(req);
    if (!user.is_frozen) return void res.json({ user });
    res.json({ user, manager: await findManagerContact(deps.pool, user.manager_id) });
  });

  return router;
}
