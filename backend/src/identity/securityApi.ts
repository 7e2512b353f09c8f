import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../app';
import { accountDecider } from '../accounts/account';
import { userStream } from '../accounts/events';
import { findPrincipalByEmail, findPrincipalById, toApiUser, type ApiUser } from '../accounts/usersQueries';
import { applicationSchema } from '../applications/applicationRules';
import { MIN_LENGTH } from '../applications/applicationVocabulary';
import { executeCommand, type CommandContext } from '../eventstore/commands';
import { AppError, badRequest, conflict } from '../http/errors';
import { parse } from '../http/validate';
import { decideAccountSecurity, EMAIL_ALREADY_VERIFIED, SAME_EMAIL, type AccountSecurityCommand } from './accountSecurity';
import { currentUser } from './authMiddleware';
import { consumeEmailCode, issueEmailCode } from './emailCodes';
import { claimEmail, emailOwner, releaseEmail } from './emailClaims';
import { createLoginThrottle } from './loginThrottle';
import { hashPassword, replacePassword, verifyPassword } from './passwords';
import { createResetToken, resetPasswordWithToken } from './passwordReset';
import { requestContext } from './requestContext';
import { emailChangedNotice, newEmailCodeEmail, passwordChangedNotice, passwordResetEmail, verificationCodeEmail } from './securityEmails';

const INVALID_RESET_TOKEN = 'Invalid or expired token';
const CODE_FORMAT = 'Le code doit contenir 6 chiffres';

// The account rules are the registration rules (spec section 5), so both forms accept the same values.
const { email: emailRule, password: passwordRule } = applicationSchema.shape;
const profileSchema = applicationSchema.pick({ first_name: true, last_name: true, username: true, contact_method: true, country: true });

const forgotPasswordSchema = z.object({ email: emailRule });
const resetPasswordSchema = z.object({
  token: z.string({ error: INVALID_RESET_TOKEN }).min(1, INVALID_RESET_TOKEN).max(200, INVALID_RESET_TOKEN),
  password: passwordRule,
});
const codeSchema = z.object({ code: z.string({ error: CODE_FORMAT }).trim().regex(/^\d{6}$/, CODE_FORMAT) });
const newEmailSchema = z.object({ email: emailRule });
const changePasswordSchema = z.object({
  current_password: z.string({ error: 'Le mot de passe actuel est requis' }).min(1, 'Le mot de passe actuel est requis').max(200),
  new_password: z
    .string({ error: 'Le nouveau mot de passe est requis' })
    .min(MIN_LENGTH.password, `Le nouveau mot de passe doit contenir au moins ${MIN_LENGTH.password} caractères`)
    .max(200, 'Le nouveau mot de passe doit contenir au plus 200 caractères'),
});

/**
 * Account security: password reset by emailed link, email verification and email change by emailed
 * 6-digit code, profile and password changes. Secrets live in their own tables (password_reset_tokens,
 * email_codes, credentials); the user's stream only records that something changed.
 *
 * Who may do what: the verification endpoints serve affiliates whose email is not verified yet (the
 * only thing they may do); profile and email changes are for verified affiliates (an admin has no
 * affiliate profile, and the default admin's address is its configured identity); a password change
 * is for any verified user, admins included. Frozen accounts are refused by authentication.
 */
export function securityApi(deps: AppDeps) {
  const loginThrottle = createLoginThrottle(deps.pool);
  const unverifiedAffiliate = deps.auth.authenticate({ role: 'affiliate' });
  const verifiedAffiliate = deps.auth.affiliate;
  const verifiedUser = deps.auth.authenticate({ verifiedEmail: true });
  const router = Router();

  const decide = (userId: string, command: AccountSecurityCommand, ctx: CommandContext) =>
    executeCommand(deps, userStream(userId), accountDecider, (state) => decideAccountSecurity(state, command), ctx);
  // Read after the command, which returns once the read models include its events.
  const freshUser = async (userId: string): Promise<ApiUser> => {
    const principal = await findPrincipalById(deps.pool, userId);
    if (!principal) throw new AppError(404, 'User not found');
    return toApiUser(principal);
  };

  router.post('/auth/forgot-password', async (req, res) => {
    const { email } = parse(forgotPasswordSchema, req.body);
    const principal = await findPrincipalByEmail(deps.pool, email);
    const token = principal ? await createResetToken(deps.pool, principal.id, deps.clock()) : null;
    if (principal && token) {
      const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await deps.mail.enqueue(passwordResetEmail(principal.email, principal.first_name, link));
    }
    res.json({ message: 'Si un compte existe pour cet email, un lien de réinitialisation a été envoyé' });
  });

  router.post('/auth/reset-password', async (req, res) => {
    const { token, password } = parse(resetPasswordSchema, req.body);
    const now = deps.clock();
    const userId = await resetPasswordWithToken(deps.pool, token, password, now);
    if (!userId) throw badRequest(INVALID_RESET_TOKEN);
    const user = await freshUser(userId);
    const ctx = { ...requestContext(req, now), actor: { id: user.id, role: user.role } };
    await decide(user.id, { type: 'RecordPasswordChange', reason: 'reset' }, ctx);
    await loginThrottle.reset(user.email);
    await deps.mail.enqueue(passwordChangedNotice(user.email, user.first_name, deps.publicUrl));
    res.json({ message: 'Mot de passe réinitialisé avec succès' });
  });

  router.post('/auth/send-verification-code', unverifiedAffiliate, async (req, res) => {
    const user = currentUser(req);
    if (user.email_verified) throw badRequest(EMAIL_ALREADY_VERIFIED);
    const code = await issueEmailCode(deps.pool, user.id, 'verify_email', deps.clock());
    await deps.mail.enqueue(verificationCodeEmail(user.email, user.first_name, code));
    res.json({ message: 'Code de vérification envoyé' });
  });

  router.post('/auth/verify-email', unverifiedAffiliate, async (req, res) => {
    const { code } = parse(codeSchema, req.body);
    const user = currentUser(req);
    if (user.email_verified) throw badRequest(EMAIL_ALREADY_VERIFIED);
    const ctx = requestContext(req, deps.clock());
    await consumeEmailCode(deps.pool, user.id, 'verify_email', code, ctx.now);
    await decide(user.id, { type: 'VerifyEmail' }, ctx);
    res.json({ message: 'Email vérifié avec succès', user: await freshUser(user.id) });
  });

  router.put('/auth/profile', verifiedAffiliate, async (req, res) => {
    const profile = parse(profileSchema, req.body);
    const user = currentUser(req);
    await decide(user.id, { type: 'UpdateProfile', profile }, requestContext(req, deps.clock()));
    res.json({ message: 'Profil mis à jour avec succès', user: await freshUser(user.id) });
  });

  router.put('/auth/update-email', verifiedAffiliate, async (req, res) => {
    const { email } = parse(newEmailSchema, req.body);
    const user = currentUser(req);
    if (email === user.email.toLowerCase()) throw badRequest(SAME_EMAIL, [{ field: 'email', msg: SAME_EMAIL }]);
    const owner = await emailOwner(deps.pool, email);
    if (owner && owner !== user.id) throw conflict('Email already exists');
    const code = await issueEmailCode(deps.pool, user.id, 'change_email', deps.clock(), email);
    await deps.mail.enqueue(newEmailCodeEmail(email, user.first_name, code));
    res.json({ message: 'Code envoyé à la nouvelle adresse' });
  });

  router.post('/auth/verify-new-email', verifiedAffiliate, async (req, res) => {
    const { code } = parse(codeSchema, req.body);
    const user = currentUser(req);
    const ctx = requestContext(req, deps.clock());
    const { newEmail } = await consumeEmailCode(deps.pool, user.id, 'change_email', code, ctx.now);
    if (!newEmail) throw new Error(`change_email code of ${user.id} has no new address`);
    // Reserve the new address before recording the change, and free the old one only after.
    const claim = await claimEmail(deps.pool, newEmail, user.id);
    if (claim === 'taken') throw conflict('Email already exists');
    try {
      await decide(user.id, { type: 'ChangeEmail', email: newEmail }, ctx);
    } catch (error) {
      if (claim === 'new') await releaseEmail(deps.pool, newEmail, user.id);
      throw error;
    }
    await releaseEmail(deps.pool, user.email.toLowerCase(), user.id);
    await deps.mail.enqueue(emailChangedNotice(user.email, user.first_name, newEmail));
    res.json({ message: 'Email mis à jour avec succès', user: await freshUser(user.id) });
  });

  router.put('/auth/change-password', verifiedUser, async (req, res) => {
    const { current_password, new_password } = parse(changePasswordSchema, req.body);
    const user = currentUser(req);
    const now = deps.clock();
    // A wrong current password is a failed sign-in: a stolen session cannot be used to guess the password.
    await loginThrottle.assertAllowed(user.email, now);
    const principal = await findPrincipalById(deps.pool, user.id);
    if (!principal || !(await verifyPassword(current_password, principal.password_hash))) {
      await loginThrottle.recordFailure(user.email, now);
      throw badRequest('Mot de passe actuel incorrect', [{ field: 'current_password', msg: 'Mot de passe actuel incorrect' }]);
    }
    await loginThrottle.reset(user.email);
    const tokenVersion = await replacePassword(deps.pool, user.id, await hashPassword(new_password));
    await decide(user.id, { type: 'RecordPasswordChange', reason: 'change' }, requestContext(req, deps.clock()));
    await deps.mail.enqueue(passwordChangedNotice(user.email, user.first_name, deps.publicUrl));
    res.json({ message: 'Mot de passe mis à jour avec succès', token: deps.tokens.issue({ sub: user.id, role: user.role, tv: tokenVersion }) });
  });

  return router;
}
