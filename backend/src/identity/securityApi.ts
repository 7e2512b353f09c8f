import { MIN_LENGTH, PASSWORD_MAX_BYTES, passwordByteLength } from '@affilux/contract';
import { Router } from 'express';
import { z } from 'zod';
import { accountDecider, EMAIL_ALREADY_VERIFIED, SAME_EMAIL, type AccountCommand } from '../accounts/account';
import { userStream } from '../accounts/events';
import { personFields, profileSchema } from '../accounts/rules';
import { findPrincipalById, findUser } from '../accounts/users/queries';
import { holdingLock } from '../db/transaction';
import { handleCommand, type CommandContext } from '../eventstore/commands';
import type { AppDeps } from '../feature';
import { AppError, badRequest } from '../http/errors';
import { requestContext } from '../http/requestContext';
import { parse } from '../http/validate';
import { currentUser } from './authMiddleware';
import { consumeEmailCode, issueEmailCode } from './emailCodes';
import { claimEmail, releaseEmail } from './emailClaims';
import type { createLoginThrottle } from './loginThrottle';
import { hashPassword, replacePassword, spendResetLinks, verifyPassword } from './passwords';
import { REQUEST_PASSWORD_RESET, resetPasswordWithToken } from './passwordReset';
import { newEmailCodeEmail, verificationCodeEmail } from './securityEmails';

const CODE_FORMAT = 'Le code doit contenir 6 chiffres';
const WRONG_CURRENT_PASSWORD = 'Mot de passe actuel incorrect';

const forgotPasswordSchema = z.object({ email: personFields.email });
const resetPasswordSchema = z.object({
  token: z.string({ error: 'Invalid or expired token' }).min(1, 'Invalid or expired token').max(200, 'Invalid or expired token'),
  password: personFields.password,
});
const codeSchema = z.object({ code: z.string({ error: CODE_FORMAT }).trim().regex(/^\d{6}$/, CODE_FORMAT) });
const currentPassword = z.string({ error: 'Le mot de passe actuel est requis' }).min(1, 'Le mot de passe actuel est requis').max(200);
const newEmailSchema = z.object({ email: personFields.email, current_password: currentPassword });
const changePasswordSchema = z.object({
  current_password: currentPassword,
  new_password: z
    .string({ error: 'Le nouveau mot de passe est requis' })
    .min(MIN_LENGTH.password, `Le nouveau mot de passe doit contenir au moins ${MIN_LENGTH.password} caractères`)
    .refine((value) => passwordByteLength(value) <= PASSWORD_MAX_BYTES, `Le nouveau mot de passe doit contenir au plus ${PASSWORD_MAX_BYTES} octets`),
});

/**
 * Account security: password reset by emailed link, email verification and email change by emailed
 * 6-digit code, profile and password changes. Secrets live in their own tables (password_reset_tokens,
 * email_codes, credentials); the user's stream only records that something changed, and the notices
 * that follow (password changed, address changed) are sent by a reactor (securityNotices.ts).
 *
 * Who may do what: the verification endpoints serve affiliates whose email is not verified yet (the
 * only thing they may do); profile and email changes are for verified affiliates (an admin has no
 * affiliate profile, and the default admin's address is its configured identity); a password change
 * is for any verified user, admins included. Frozen accounts are refused by authentication.
 */
export function securityApi(
  deps: Pick<AppDeps, 'pool' | 'eventStore' | 'readModels' | 'auth' | 'mail' | 'jobs' | 'clock' | 'tokens'>,
  throttle: ReturnType<typeof createLoginThrottle>,
) {
  const router = Router();
  const decide = (userId: string, command: AccountCommand, ctx: CommandContext) => handleCommand(deps, accountDecider, userStream(userId), command, ctx);
  // Read after the command, which returns once the read models include its events.
  const freshUser = async (userId: string) => {
    const user = await findUser(deps.pool, userId);
    if (!user) throw AppError.coded(404, 'user_not_found');
    return user;
  };
  /** A wrong current password is a failed sign-in: a stolen session cannot be used to guess the password. */
  const checkCurrentPassword = async (userId: string, email: string, password: string, address: string, now: Date) => {
    const attempt = await throttle.begin(email, address, now);
    const principal = await findPrincipalById(deps.pool, userId);
    if (!principal || !(await verifyPassword(password, principal.passwordHash))) {
      throw badRequest(WRONG_CURRENT_PASSWORD, [{ field: 'current_password', msg: WRONG_CURRENT_PASSWORD }]);
    }
    await attempt.succeeded();
  };

  // The same answer, after the same work (queueing a job), whether or not the address has an account.
  router.post('/auth/forgot-password', async (req, res) => {
    const { email } = parse(forgotPasswordSchema, req.body);
    await deps.jobs.now(REQUEST_PASSWORD_RESET, { email });
    res.json({ message: 'Si un compte existe pour cet email, un lien de réinitialisation a été envoyé' });
  });

  router.post('/auth/reset-password', async (req, res) => {
    const { token, password } = parse(resetPasswordSchema, req.body);
    const now = deps.clock();
    const userId = await resetPasswordWithToken(deps.pool, token, password, now);
    if (!userId) throw AppError.coded(400, 'invalid_token');
    const user = await freshUser(userId);
    await decide(user.id, { type: 'RecordPasswordChange', reason: 'reset' }, { ...requestContext(req, now), actor: { id: user.id, role: user.role } });
    await throttle.clearAccount(user.email.toLowerCase());
    res.json({ message: 'Mot de passe réinitialisé avec succès' });
  });

  router.post('/auth/send-verification-code', deps.auth.unverifiedAffiliate, async (req, res) => {
    const user = currentUser(req);
    if (user.email_verified) throw badRequest(EMAIL_ALREADY_VERIFIED);
    const code = await issueEmailCode(deps.pool, user.id, 'verify_email', deps.clock());
    await deps.mail.enqueue(verificationCodeEmail(user.email, user.first_name, code));
    res.json({ message: 'Code de vérification envoyé' });
  });

  router.post('/auth/verify-email', deps.auth.unverifiedAffiliate, async (req, res) => {
    const { code } = parse(codeSchema, req.body);
    const user = currentUser(req);
    if (user.email_verified) throw badRequest(EMAIL_ALREADY_VERIFIED);
    const ctx = requestContext(req, deps.clock());
    await consumeEmailCode(deps.pool, user.id, 'verify_email', code, ctx.now);
    await decide(user.id, { type: 'VerifyEmail' }, ctx);
    res.json({ message: 'Email vérifié avec succès', user: await freshUser(user.id) });
  });

  router.put('/auth/profile', deps.auth.affiliate, async (req, res) => {
    const profile = parse(profileSchema, req.body);
    const user = currentUser(req);
    await decide(user.id, { type: 'UpdateProfile', profile }, requestContext(req, deps.clock()));
    res.json({ message: 'Profil mis à jour avec succès', user: await freshUser(user.id) });
  });

  // Needs the current password (a stolen session must not become a takeover), and answers the
  // same whether or not the new address is free: a taken address fails only when the code is entered.
  router.put('/auth/update-email', deps.auth.affiliate, async (req, res) => {
    const { email, current_password } = parse(newEmailSchema, req.body);
    const user = currentUser(req);
    const now = deps.clock();
    if (email === user.email.toLowerCase()) throw badRequest(SAME_EMAIL, [{ field: 'email', msg: SAME_EMAIL }]);
    await checkCurrentPassword(user.id, user.email.toLowerCase(), current_password, req.ip ?? 'unknown', now);
    const code = await issueEmailCode(deps.pool, user.id, 'change_email', now, email);
    await deps.mail.enqueue(newEmailCodeEmail(email, user.first_name, code));
    res.json({ message: 'Code envoyé à la nouvelle adresse' });
  });

  router.post('/auth/verify-new-email', deps.auth.affiliate, async (req, res) => {
    const { code } = parse(codeSchema, req.body);
    const user = currentUser(req);
    const ctx = requestContext(req, deps.clock());
    const { newEmail } = await consumeEmailCode(deps.pool, user.id, 'change_email', code, ctx.now);
    if (!newEmail) throw new Error(`change_email code of ${user.id} has no new address`);
    // Reserve the new address before recording the change, and free the old one only after.
    const claim = await claimEmail(deps.pool, newEmail, user.id);
    if (claim === 'taken') throw AppError.coded(409, 'email_exists');
    try {
      await decide(user.id, { type: 'ChangeEmail', email: newEmail }, ctx);
    } catch (error) {
      if (claim === 'new') await releaseEmail(deps.pool, newEmail, user.id);
      throw error;
    }
    await releaseEmail(deps.pool, user.email.toLowerCase(), user.id);
    // A reset link mailed to the old address must not outlive it.
    await spendResetLinks(deps.pool, user.id, ctx.now);
    res.json({ message: 'Email mis à jour avec succès', user: await freshUser(user.id) });
  });

  router.put('/auth/change-password', deps.auth.verifiedUser, async (req, res) => {
    const { current_password, new_password } = parse(changePasswordSchema, req.body);
    const user = currentUser(req);
    const now = deps.clock();
    // Two changes sent at once take turns: the second is checked against the password the first set, and refused.
    const tokenVersion = await holdingLock(deps.pool, `credentials:${user.id}`, async () => {
      await checkCurrentPassword(user.id, user.email.toLowerCase(), current_password, req.ip ?? 'unknown', now);
      const version = await replacePassword(deps.pool, user.id, await hashPassword(new_password), now);
      await decide(user.id, { type: 'RecordPasswordChange', reason: 'change' }, requestContext(req, now));
      return version;
    });
    res.json({ message: 'Mot de passe mis à jour avec succès', token: deps.tokens.issue({ sub: user.id, role: user.role, tv: tokenVersion }) });
  });

  return router;
}
