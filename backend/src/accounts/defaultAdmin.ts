import { randomBytes, randomUUID } from 'node:crypto';
import { holdingLock } from '../db/transaction';
import { handleCommand, systemContext } from '../eventstore/commands';
import type { AppDeps } from '../feature';
import { claimEmailWithCredentials, emailOwner } from '../identity/emailClaims';
import { hashPassword, replacePassword } from '../identity/passwords';
import { accountDecider } from './account';
import { userStream } from './events';

/**
 * Creates the default admin at first start, from ADMIN_EMAIL and ADMIN_PASSWORD, or with a
 * generated password that is returned (and printed) only this once. Once made (table
 * `default_admin`), a later start with another ADMIN_EMAIL makes no second one.
 */
export function ensureDefaultAdmin(deps: Pick<AppDeps, 'config' | 'pool' | 'eventStore' | 'readModels' | 'clock'>): Promise<{ created: boolean; generatedPassword?: string }> {
  // Servers starting together take turns: the first creates the admin whole, the others find it.
  return holdingLock(deps.pool, 'default-admin', () => createOnce(deps));
}

async function createOnce(deps: Pick<AppDeps, 'config' | 'pool' | 'eventStore' | 'readModels' | 'clock'>): Promise<{ created: boolean; generatedPassword?: string }> {
  const email = deps.config.adminEmail;
  let adminId = await emailOwner(deps.pool, email);
  const { rows: made } = await deps.pool.query<{ principal_id: string }>('SELECT principal_id::text FROM default_admin');
  if (made[0] && made[0].principal_id !== adminId) return { created: false };
  let generatedPassword: string | undefined;
  const newPassword = () => deps.config.adminPassword ?? (generatedPassword = randomBytes(12).toString('base64url'));
  let created = !adminId;
  if (!adminId) {
    const candidate = randomUUID();
    if (!(await claimEmailWithCredentials(deps.pool, email, candidate, await hashPassword(newPassword())))) return { created: false };
    adminId = candidate;
  } else if ((await deps.eventStore.readStream(userStream(adminId))).length === 0) {
    // A first start that stopped between the claim and the account (before printing its password):
    // the password is set again, and shown, as at a first start.
    await replacePassword(deps.pool, adminId, await hashPassword(newPassword()), deps.clock());
    created = true;
  }
  // Also completes an admin whose claim was stored by a start that stopped before its event.
  await handleCommand(
    deps,
    accountDecider,
    userStream(adminId),
    { type: 'CreateAdminAccount', userId: adminId, email, firstName: 'Admin', lastName: 'Affilux' },
    systemContext(deps.clock()),
  );
  await deps.pool.query('INSERT INTO default_admin (principal_id) VALUES ($1) ON CONFLICT DO NOTHING', [adminId]);
  return { created, generatedPassword };
}
