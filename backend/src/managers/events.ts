import type { DomainEvent } from '../eventstore/commands';

/** Events of `manager-<id>`: a manager is a contact person assigned to affiliates, not a login. */
export type ManagerEvent =
  | DomainEvent<'ManagerCreated', { manager_id: string; nom: string; telegram: string | null; mail: string | null }>
  | DomainEvent<'ManagerUpdated', { manager_id: string; nom: string; telegram: string | null; mail: string | null }>
  | DomainEvent<'ManagerDeleted', { manager_id: string }>;

export const managerStream = (managerId: string) => `manager-${managerId}`;
