import { Router } from 'express';
import type { Feature } from '../feature';
import { findPrincipalByEmail } from '../accounts/users/queries';
import { authApi } from './authApi';
import { createLoginThrottle } from './loginThrottle';
import { createResetToken, REQUEST_PASSWORD_RESET } from './passwordReset';
import { securityApi } from './securityApi';
import { passwordResetEmail } from './securityEmails';
import { securityNotices } from './securityNotices';

/** Sign-in, sessions and account security (codes, reset links, password and address changes). */
export const identity: Feature = {
  name: 'identity',
  api(deps) {
    const throttle = createLoginThrottle(deps.pool);
    return Router().use(authApi(deps, throttle), securityApi(deps, throttle));
  },
  reactors: (deps) => [securityNotices(deps)],
  jobs: (deps) => [
    {
      name: REQUEST_PASSWORD_RESET,
      async handler(data, { now }) {
        const { email } = data as { email: string };
        const principal = await findPrincipalByEmail(deps.pool, email);
        if (!principal) return;
        const token = await createResetToken(deps.pool, principal.user.id, now);
        if (!token) return;
        const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
        await deps.mail.enqueue(passwordResetEmail(principal.user.email, principal.user.first_name, link));
      },
    },
  ],
};
