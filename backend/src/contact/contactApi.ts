import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import type { AppDeps } from '../app';
import { deterministicEventId, executeCommand } from '../eventstore/commands';
import { AppError } from '../http/errors';
import { parse } from '../http/validate';
import { requestContext } from '../identity/requestContext';
import { contactMessageStream, newsletterSubscriberStream, type ContactEvent } from './events';

/** The contact form's rules, with the spec's messages. */
export const contactSchema = z.object({
  name: z.string({ error: 'Le nom est requis' }).trim().min(1, { error: 'Le nom est requis', abort: true }).min(2, 'Le nom doit contenir au moins 2 caractères').max(200),
  email: z.string({ error: "L'email est requis" }).trim().min(1, { error: "L'email est requis", abort: true }).email('Adresse email invalide').max(254),
  subject: z.string({ error: 'Le sujet est requis' }).trim().min(1, { error: 'Le sujet est requis', abort: true }).min(5, 'Le sujet doit contenir au moins 5 caractères').max(300),
  message: z.string({ error: 'Le message est requis' }).trim().min(1, { error: 'Le message est requis', abort: true }).min(10, 'Le message doit contenir au moins 10 caractères').max(10_000),
});

const newsletterSchema = z.object({
  email: z.string({ error: "L'email est requis" }).trim().toLowerCase().min(1, { error: "L'email est requis", abort: true }).email('Adresse email invalide').max(254),
});

export function contactApi(deps: AppDeps) {
  const router = Router();
  router.post('/contact/submit', async (req, res) => {
    const input = parse(contactSchema, req.body);
    const messageId = randomUUID();
    await executeCommand<{ exists: boolean }, ContactEvent>(
      deps,
      contactMessageStream(messageId),
      { initialState: () => ({ exists: false }), evolve: () => ({ exists: true }) },
      (state) => {
        if (state.exists) throw new AppError(409, 'Message already recorded');
        return [{ type: 'ContactMessageSubmitted', data: { message_id: messageId, ...input } }];
      },
      requestContext(req, deps.clock()),
    );
    res.status(201).json({ message: 'Message envoyé avec succès !', id: messageId });
  });

  router.post('/newsletter/subscribe', async (req, res) => {
    const { email } = parse(newsletterSchema, req.body);
    const subscriberId = deterministicEventId('newsletter', email);
    await executeCommand<{ subscribed: boolean }, ContactEvent>(
      deps,
      newsletterSubscriberStream(subscriberId),
      { initialState: () => ({ subscribed: false }), evolve: () => ({ subscribed: true }) },
      (state) => (state.subscribed ? [] : [{ type: 'NewsletterSubscribed', data: { subscriber_id: subscriberId, email } }]),
      requestContext(req, deps.clock()),
    );
    res.status(201).json({ message: 'Inscription à la newsletter enregistrée' });
  });
  return router;
}
