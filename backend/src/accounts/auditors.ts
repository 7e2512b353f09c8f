import { randomBytes, randomUUID } from 'node:crypto';
import { AUDITOR_RULES, type AuditorInvited, type AuditorView } from '@affilux/contract';
import { Router } from 'express';
import type pg from 'pg';
import { z } from 'zod';
import { handleCommand } from '../eventstore/commands';
import type { AppDeps } from '../feature';
import { AppError } from '../http/errors';
import { requestContext } from '../http/requestContext';
import { parse } from '../http/validate';
import { claimEmailWithCredentials } from '../identity/emailClaims';
import { createResetToken, TOKEN_VALIDITY_MINUTES } from '../identity/passwordReset';
import { hashPassword } from '../identity/passwords';
import { composeEmail } from '../mail/emailLayout';
import { accountDecider } from './account';
import { userStream } from './events';
import { personFields } from './rules';

const inviteSchema = z.object({ email: personFields.email, first_name: personFields.first_name, last_name: personFields.last_name });

/** The invitation: the same single-use reset link as a forgotten password (POST /auth/reset-password spends it). */
export const auditorInvitationEmail = (to: string, firstName: string, link: string) =>
  composeEmail(to, {
    subject: 'Votre accès auditeur Affilux',
    title: `Bonjour ${firstName},`,
    paragraphs: [
      "Un administrateur d'Affilux vous a ouvert un accès auditeur : vous pourrez consulter le back-office, l'historique des événements, les paiements et leurs justificatifs, sans rien pouvoir modifier.",
      `Choisissez votre mot de passe avec ce lien, valable ${TOKEN_VALIDITY_MINUTES} minutes et utilisable une seule fois. Passé ce délai, utilisez « Mot de passe oublié » sur la page de connexion.`,
    ],
    action: { label: 'Choisir mon mot de passe', url: link },
  });

async function listAuditors(pool: pg.Pool): Promise<AuditorView[]> {
  const { rows } = await pool.query<AuditorView>(
    `SELECT id::text, email, first_name, last_name, created_at, password_changed_at IS NOT NULL AS password_set, last_connection
       FROM rm_users WHERE role = 'auditor' ORDER BY created_at, id`,
  );
  return rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString(), last_connection: row.last_connection && new Date(row.last_connection).toISOString() }));
}

/**
 * Auditors (issue 11): admins invite them (`POST /admin/auditors`) and list them. An auditor is a
 * `user-<id>` stream like an admin's (AuditorAccountCreated carries what AdminAccountCreated does);
 * its address is claimed with an unusable password until the invitation's reset link is used.
 */
export function auditorsApi(deps: Pick<AppDeps, 'pool' | 'eventStore' | 'readModels' | 'auth' | 'clock' | 'mail' | 'publicUrl'>) {
  const router = Router();

  router.get('/admin/auditors', deps.auth.admin, async (_req, res) => {
    res.json(await listAuditors(deps.pool));
  });

  router.post('/admin/auditors', deps.auth.admin, async (req, res) => {
    const { email, first_name, last_name } = parse(inviteSchema, req.body);
    const ctx = requestContext(req, deps.clock());
    const id = randomUUID();
    // Nobody knows this password: the auditor chooses one through the invitation's link.
    if (!(await claimEmailWithCredentials(deps.pool, email, id, await hashPassword(randomBytes(24).toString('base64url'))))) {
      throw AppError.coded(409, 'email_exists');
    }
    await handleCommand(deps, accountDecider, userStream(id), { type: 'CreateAuditorAccount', userId: id, email, firstName: first_name, lastName: last_name }, ctx);
    const token = await createResetToken(deps.pool, id, ctx.now);
    if (token) await deps.mail.enqueue(auditorInvitationEmail(email, first_name, `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`));
    const auditor = (await listAuditors(deps.pool)).find((a) => a.id === id)!;
    const answer: AuditorInvited = { message: AUDITOR_RULES.messages.invited, auditor };
    res.status(201).json(answer);
  });

  return router;
}
