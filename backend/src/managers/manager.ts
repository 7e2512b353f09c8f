import type { ManagerValue } from '@affilux/contract';
import type { Decider } from '../eventstore/commands';
import { AppError } from '../http/errors';
import type { ManagerEvent } from './events';

/** A manager's stream folded: not yet created, active with its details, or deleted (the stream then ends). */
export type Manager = { status: 'none' } | { status: 'active'; details: ManagerValue } | { status: 'deleted' };

export type ManagerCommand =
  | { type: 'CreateManager'; managerId: string; details: ManagerValue }
  | { type: 'UpdateManager'; managerId: string; details: ManagerValue }
  | { type: 'DeleteManager'; managerId: string };

export const MANAGER_NOT_FOUND = 'Manager introuvable';
const notFound = () => new AppError(404, MANAGER_NOT_FOUND);

function evolve(_state: Manager, event: ManagerEvent): Manager {
  switch (event.type) {
    case 'ManagerCreated':
    case 'ManagerUpdated': {
      const { nom, telegram, mail } = event.data;
      return { status: 'active', details: { nom, telegram, mail } };
    }
    case 'ManagerDeleted':
      return { status: 'deleted' };
  }
}

const sameDetails = (a: ManagerValue, b: ManagerValue) => a.nom === b.nom && a.telegram === b.telegram && a.mail === b.mail;

function decide(command: ManagerCommand, state: Manager): ManagerEvent[] {
  switch (command.type) {
    case 'CreateManager':
      if (state.status !== 'none') throw new AppError(409, 'Manager déjà enregistré');
      return [{ type: 'ManagerCreated', data: { manager_id: command.managerId, ...command.details } }];
    case 'UpdateManager':
      if (state.status !== 'active') throw notFound();
      return sameDetails(state.details, command.details) ? [] : [{ type: 'ManagerUpdated', data: { manager_id: command.managerId, ...command.details } }];
    case 'DeleteManager':
      // Its affiliates are released by a reactor (managerRelease.ts), each on its own stream.
      if (state.status !== 'active') throw notFound();
      return [{ type: 'ManagerDeleted', data: { manager_id: command.managerId } }];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/** The one decider of `manager-<id>` streams. */
export const managerDecider: Decider<ManagerCommand, ManagerEvent, Manager> = { initialState: () => ({ status: 'none' }), evolve, decide };
