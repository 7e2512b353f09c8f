import { CONTACT_MESSAGE_FILTERS, CONTACT_MESSAGE_SEARCH_MAX_LENGTH, CONTACT_MESSAGE_STATUSES } from '@affilux/contract';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { handleCommand } from '../eventstore/commands';
import type { AppDeps } from '../feature';
import { notFound } from '../http/errors';
import { parseListQuery, sendList } from '../http/listQuery';
import { requestContext } from '../http/requestContext';
import { parse } from '../http/validate';
import { addDaysTo, dayOf, startOfDayInstant } from '../time/calendar';
import { CONTACT_MESSAGE_NOT_FOUND, contactMessageDecider, type ContactMessageCommand } from './contactMessage';
import { contactMessageStats, listContactMessages } from './contactMessages/queries';
import { contactMessageStream } from './events';

const INVALID_STATUS = 'Statut invalide';

/** `?status=all|new|read|replied&q=...` (or the same in react-admin's `filter`). */
const listSchema = z.object({
  status: z.enum(CONTACT_MESSAGE_FILTERS, { error: INVALID_STATUS }).default('all'),
  q: z
    .string({ error: 'La recherche doit être un texte' })
    .max(CONTACT_MESSAGE_SEARCH_MAX_LENGTH, `La recherche doit compter ${CONTACT_MESSAGE_SEARCH_MAX_LENGTH} caractères au plus`)
    .optional()
    .transform((q) => q?.trim() || null),
});
const statusSchema = z.object({ status: z.enum(CONTACT_MESSAGE_STATUSES, { error: INVALID_STATUS }) });

function messageId(req: Request): string {
  if (!z.string().uuid().safeParse(req.params.id).success) throw notFound(CONTACT_MESSAGE_NOT_FOUND);
  return String(req.params.id);
}

/** The back office's contact messages: list, tiles, status, deletion. */
export function contactMessagesAdminApi(deps: Pick<AppDeps, 'pool' | 'eventStore' | 'readModels' | 'auth' | 'clock'>) {
  const router = Router();
  const { admin, backOffice } = deps.auth;
  const decide = (id: string, command: ContactMessageCommand, req: Request) =>
    handleCommand(deps, contactMessageDecider, contactMessageStream(id), command, requestContext(req, deps.clock()));

  router.get('/admin/messages', backOffice, async (req, res) => {
    const page = parseListQuery(req, { sortable: ['created_at'], defaultSort: ['created_at', 'DESC'] });
    const { status, q } = parse(listSchema, { ...page.filter, ...req.query });
    const { rows, total } = await listContactMessages(deps.pool, { status, search: q, page });
    sendList(res, 'messages', page, rows, total);
  });

  // "Today" is the calendar day of the network's time zone (Europe/Paris), by the app's clock.
  router.get('/admin/messages/stats/overview', backOffice, async (_req, res) => {
    const today = dayOf(deps.clock());
    res.json(await contactMessageStats(deps.pool, { start: startOfDayInstant(today), end: startOfDayInstant(addDaysTo(today, 1)) }));
  });

  router.put('/admin/messages/:id/status', admin, async (req, res) => {
    const id = messageId(req);
    const { status } = parse(statusSchema, req.body);
    await decide(id, { type: 'ChangeContactMessageStatus', messageId: id, status }, req);
    res.json({ message: 'Statut mis à jour', id, status });
  });

  router.delete('/admin/messages/:id', admin, async (req, res) => {
    const id = messageId(req);
    await decide(id, { type: 'DeleteContactMessage', messageId: id }, req);
    res.json({ message: 'Message supprimé', id });
  });

  return router;
}
