import { randomBytes, randomUUID } from 'node:crypto';
import type { AppDeps } from '../app';
import { deterministicEventId, executeCommand, systemContext } from '../eventstore/commands';
import { claimEmailWithCredentials, emailOwner } from '../identity/emailClaims';
import { hashPassword } from '../identity/passwords';
import { accountDecider } from './account';
import { userStream, type AccountEvent } from './events';

/**
 * Creates the default admin at first start, from ADMIN_EMAIL and ADMIN_PASSWORD, or with a
 * generated password that is returned (and printed) only this once.
 */
export async function ensureDefaultAdmin(deps: Pick<AppDeps, 'config' | 'pool' | 'eventStore' | 'readModels'>): Promise<{ generatedPassword?: string }> {
  const email = deps.config.adminEmail;
  let adminId = await emailOwner(deps.pool, email);
  let generatedPassword: string | undefined;
  if (!adminId) {
    const password = deps.config.adminPassword ?? randomBytes(12).toString('base64url');
    const candidate = randomUUID();
    const passwordHash = await hashPassword(password);
    if (await claimEmailWithCredentials(deps.pool, email, candidate, passwordHash)) {
      adminId = candidate;
      if (!deps.config.adminPassword) generatedPassword = password;
    }
    // Another process claimed the address at the same moment: it creates the admin.
    if (!adminId) return {};
  }
  const id = adminId;
  // Also completes an admin whose claim was stored by a start that stopped before its event.
  await executeCommand<ReturnType<typeof accountDecider.initialState>, AccountEvent>(
    deps,
    userStream(id),
    accountDecider,
    (state) =>
      state.status === 'none'
        ? [{ type: 'AdminAccountCreated', id: deterministicEventId(id, 'AdminAccountCreated'), data: { user_id: id, email, first_name: 'Admin', last_name: 'Affilux' } }]
        : [],
    systemContext(),
  );
  return { generatedPassword };
}
