import { accountDecider } from '../accounts/account';
import { userIdOfStream, userStream, type AccountEvent } from '../accounts/events';
import { affiliatesOfManager } from '../accounts/users/queries';
import { handleCommand, loadState, type CommandContext } from '../eventstore/commands';
import type { RecordedEvent } from '../eventstore/eventStore';
import type { ReactorDeps } from '../feature';
import { AppError } from '../http/errors';
import { reactor } from '../processing/processor';
import { managerStream, type ManagerEvent } from './events';
import { managerDecider } from './manager';

type Reacted = RecordedEvent &
  (Extract<ManagerEvent, { type: 'ManagerDeleted' }> | Extract<AccountEvent, { type: 'ManagerAssigned' }>);

/**
 * A deleted manager -> its affiliates have no manager: each one through its own stream
 * (`AssignManager` null, only while that manager is still its own, so it records nothing the second
 * time and never undoes a newer choice). Read models come before reactors in every batch, so the
 * users read model already includes every assignment recorded before the deletion; an assignment of
 * the manager recorded after it (a race with the deletion) is released when it is seen. No affiliate
 * keeps the id of a manager that no longer exists.
 */
export const managerRelease = (deps: Pick<ReactorDeps, 'eventStore' | 'log'>) => {
  const release = async (userId: string, managerId: string, ctx: CommandContext) => {
    try {
      await handleCommand(deps, accountDecider, userStream(userId), { type: 'AssignManager', managerId: null, onlyReplacing: managerId }, ctx, { wait: 'none' });
    } catch (error) {
      // Not an affiliate's stream (nothing to release there): never block the reactor on it.
      if (!(error instanceof AppError)) throw error;
      deps.log.warn({ userId, managerId, err: error }, 'manager not released');
    }
  };

  return reactor<Reacted>({
    name: 'manager-release',
    handles: ['ManagerDeleted', 'ManagerAssigned'],
    async react(event, { tx, ctx }) {
      if (event.type === 'ManagerDeleted') {
        for (const userId of await affiliatesOfManager(tx, event.data.manager_id)) await release(userId, event.data.manager_id, ctx);
        return;
      }
      const managerId = event.data.manager_id;
      if (!managerId) return;
      const { state } = await loadState(deps.eventStore, managerStream(managerId), managerDecider);
      if (state.status !== 'active') await release(userIdOfStream(event.streamId), managerId, ctx);
    },
  });
};
