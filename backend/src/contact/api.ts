import { randomUUID } from 'node:crypto';
import { HIDDEN_CHARACTER_MESSAGE, MIN_LENGTH, showsAsTyped } from '@affilux/contract';
import { Router } from 'express';
import { z } from 'zod';
import { handleCommand } from '../eventstore/commands';
import type { AppDeps } from '../feature';
import { badRequest } from '../http/errors';
import { requestContext } from '../http/requestContext';
import { parse } from '../http/validate';
import { composeEmail } from '../mail/emailLayout';
import { contactMessageDecider, newsletterSubscriberDecider } from './contactMessage';
import { contactMessageStream, newsletterSubscriberStream } from './events';
import { CONFIRMATION_VALIDITY_HOURS, consumeConfirmation, createConfirmation, subscriberIdOf } from './newsletterConfirmations';

/** The contact form's rules, with the spec's messages. */
export const contactSchema = z.object({
  name: z.string({ error: 'Le nom est requis' }).trim().min(1, { error: 'Le nom est requis', abort: true }).min(MIN_LENGTH.contactName, 'Le nom doit contenir au moins 2 caractères').max(200)
    .refine(showsAsTyped, HIDDEN_CHARACTER_MESSAGE),
  email: z.string({ error: "L'email est requis" }).trim().min(1, { error: "L'email est requis", abort: true }).email('Adresse email invalide').max(254),
  subject: z.string({ error: 'Le sujet est requis' }).trim().min(1, { error: 'Le sujet est requis', abort: true }).min(MIN_LENGTH.contactSubject, 'Le sujet doit contenir au moins 5 caractères').max(300)
    .refine(showsAsTyped, HIDDEN_CHARACTER_MESSAGE),
  message: z.string({ error: 'Le message est requis' }).trim().min(1, { error: 'Le message est requis', abort: true }).min(MIN_LENGTH.contactMessage, 'Le message doit contenir au moins 10 caractères').max(10_000),
});

const newsletterSchema = z.object({
  email: z.string({ error: "L'email est requis" }).trim().toLowerCase().min(1, { error: "L'email est requis", abort: true }).email('Adresse email invalide').max(254),
});
const confirmationSchema = z.object({ token: z.string({ error: 'Lien de confirmation invalide ou expiré' }).min(1).max(200) });

export function contactApi(deps: Pick<AppDeps, 'pool' | 'eventStore' | 'readModels' | 'mail' | 'clock' | 'publicUrl'>) {
  const router = Router();

  router.post('/contact/submit', async (req, res) => {
    const fields = parse(contactSchema, req.body);
    const messageId = randomUUID();
    await handleCommand(deps, contactMessageDecider, contactMessageStream(messageId), { type: 'SubmitContactMessage', messageId, fields }, requestContext(req, deps.clock()));
    res.status(201).json({ message: 'Message envoyé avec succès !', id: messageId });
  });

  // Double opt-in: the address is only mailed a link; it is subscribed when the link is followed.
  // The answer is the same for an address already subscribed.
  router.post('/newsletter/subscribe', async (req, res) => {
    const { email } = parse(newsletterSchema, req.body);
    const token = await createConfirmation(deps.pool, email, deps.clock());
    await deps.mail.enqueue(
      composeEmail(email, {
        subject: 'Confirmez votre inscription à la newsletter Affilux',
        title: 'Une dernière étape',
        paragraphs: [
          `Pour recevoir la newsletter Affilux à cette adresse, confirmez votre inscription. Ce lien est valable ${CONFIRMATION_VALIDITY_HOURS} heures.`,
          "Si vous n'avez rien demandé, ignorez cet email : vous ne serez pas inscrit.",
        ],
        action: { label: 'Confirmer mon inscription', url: `${deps.publicUrl}/newsletter/confirm?token=${encodeURIComponent(token)}` },
      }),
    );
    res.status(202).json({ message: 'Vérifiez votre boîte mail pour confirmer votre inscription' });
  });

  router.post('/newsletter/confirm', async (req, res) => {
    const { token } = parse(confirmationSchema, req.body);
    const email = await consumeConfirmation(deps.pool, token, deps.clock());
    if (!email) throw badRequest('Lien de confirmation invalide ou expiré');
    const subscriberId = await subscriberIdOf(deps.pool, email);
    await handleCommand(
      deps,
      newsletterSubscriberDecider,
      newsletterSubscriberStream(subscriberId),
      { type: 'ConfirmSubscription', subscriberId, email },
      requestContext(req, deps.clock()),
    );
    res.json({ message: 'Inscription à la newsletter confirmée' });
  });

  return router;
}
