import { randomUUID } from 'node:crypto';
import { checkManager, type ManagerListItem, type ManagerView } from '@affilux/contract';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { affiliateCounts } from '../accounts/users/queries';
import { handleCommand } from '../eventstore/commands';
import type { AppDeps } from '../feature';
import { notFound } from '../http/errors';
import { listSearch, parseListQuery, sendList } from '../http/listQuery';
import { requestContext } from '../http/requestContext';
import { expectedRevisionOf, passRules } from '../http/validate';
import { managerStream } from './events';
import { MANAGER_NOT_FOUND, managerDecider, type ManagerCommand } from './manager';
import { MANAGER_SORTS, findManager, searchManagers } from './managerList/queries';

const uuid = z.string().uuid();

/** The id of `/managers/:id`; anything but a uuid names no manager. */
function managerId(req: Request): string {
  if (!uuid.safeParse(req.params.id).success) throw notFound(MANAGER_NOT_FOUND);
  return String(req.params.id);
}

/** The back office's managers: contact persons assigned to affiliates (not logins). */
export function managersApi(deps: Pick<AppDeps, 'pool' | 'eventStore' | 'readModels' | 'auth' | 'clock'>) {
  const router = Router();
  const { admin, backOffice } = deps.auth;
  const decide = (id: string, command: ManagerCommand, req: Request, wait: 'readModels' | 'consequences' = 'readModels') =>
    handleCommand(deps, managerDecider, managerStream(id), command, requestContext(req, deps.clock()), { wait, seenRevision: expectedRevisionOf(req.body) });

  const withAffiliateCounts = async (managers: ManagerView[]): Promise<ManagerListItem[]> => {
    const counts = await affiliateCounts(deps.pool, 'manager_id', managers.map((m) => m.id));
    return managers.map((m) => ({ ...m, affiliate_count: counts.get(m.id) ?? 0 }));
  };
  const shown = async (id: string) => {
    const manager = await findManager(deps.pool, id);
    if (!manager) throw notFound(MANAGER_NOT_FOUND);
    return (await withAffiliateCounts([manager]))[0]!;
  };

  router.get('/managers', backOffice, async (req, res) => {
    const query = parseListQuery(req, { sortable: MANAGER_SORTS, defaultSort: ['nom', 'ASC'] });
    const { rows, total } = await searchManagers(deps.pool, query, listSearch(query));
    sendList(res, 'managers', query, await withAffiliateCounts(rows), total);
  });

  router.get('/managers/:id', backOffice, async (req, res) => {
    res.json(await shown(managerId(req)));
  });

  router.post('/managers', admin, async (req, res) => {
    const details = passRules(checkManager(req.body));
    const id = randomUUID();
    await decide(id, { type: 'CreateManager', managerId: id, details }, req);
    res.status(201).json({ message: 'Manager créé avec succès', ...(await shown(id)) });
  });

  router.put('/managers/:id', admin, async (req, res) => {
    const id = managerId(req);
    const details = passRules(checkManager(req.body));
    await decide(id, { type: 'UpdateManager', managerId: id, details }, req);
    res.json({ message: 'Manager mis à jour avec succès', ...(await shown(id)) });
  });

  // The answer waits for the consequences: the manager's affiliates are left without a manager
  // (each by an event on its own stream, managerRelease.ts) before it comes.
  router.delete('/managers/:id', admin, async (req, res) => {
    const id = managerId(req);
    const released = (await affiliateCounts(deps.pool, 'manager_id', [id])).get(id) ?? 0;
    await decide(id, { type: 'DeleteManager', managerId: id }, req, 'consequences');
    res.json({ message: 'Manager supprimé avec succès', id, released_affiliates: released });
  });

  return router;
}
