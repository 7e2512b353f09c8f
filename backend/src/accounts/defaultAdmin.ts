import { randomBytes, randomUUID } from 'node:crypto';
import { handleCommand, systemContext } from '../eventstore/commands';
import type { AppDeps } from '../feature';
import { claimEmailWithCredentials, emailOwner } from '../identity/emailClaims';
import { hashPassword } from '../identity/passwords';
import { accountDecider } from './account';
import { userStream } from './events';

/**
 * Creates the default admin at first start, from ADMIN_EMAIL and ADMIN_PASSWORD, or with a
 * generated password that is returned (and printed) only this once.
 */
export async function ensureDefaultAdmin(deps: Pick<AppDeps, 'config' | 'pool' | 'eventStore' | 'readModels' | 'clock'>): Promise<{ created: boolean; generatedPassword?: string }> {
  const email = deps.config.adminEmail;
  let adminId = await emailOwner(deps.pool, email);
  let generatedPassword: string | undefined;
  const created = !adminId;
  if (!adminId) {
    const password = deps.config.adminPassword ?? randomBytes(12).toString('base64url');
    const candidate = randomUUID();
    if (await claimEmailWithCredentials(deps.pool, email, candidate, await hashPassword(password))) {
      adminId = candidate;
      if (!deps.config.adminPassword) generatedPassword = password;
    }
    // Another process claimed the address at the same moment: it creates the admin.
    if (!adminId) return { created: false };
  }
  // Also completes an admin whose claim was stored by a start that stopped before its event.
  await handleCommand(
    deps,
    accountDecider,
    userStream(adminId),
    { type: 'CreateAdminAccount', userId: adminId, email, firstName: 'Admin', lastName: 'Affilux' },
    systemContext(deps.clock()),
  );
  return { created, generatedPassword };
}
