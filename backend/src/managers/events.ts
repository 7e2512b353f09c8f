import type { DomainEvent } from '../eventstore/commands';
import type { PersonalFields } from '../eventstore/personalData';

/** Events of `manager-<id>`: a manager is a contact person assigned to affiliates, not a login. */
export type ManagerEvent =
  | DomainEvent<'ManagerCreated', { manager_id: string; nom: string; telegram: string | null; mail: string | null }>
  | DomainEvent<'ManagerUpdated', { manager_id: string; nom: string; telegram: string | null; mail: string | null }>
  | DomainEvent<'ManagerDeleted', { manager_id: string }>;

export const managerStream = (managerId: string) => `manager-${managerId}`;

/** A manager's name and contacts: kept in `personal_data`, never in the log (eventstore/personalData.ts). */
export const managerPersonalFields: PersonalFields = {
  ManagerCreated: ['nom', 'telegram', 'mail'],
  ManagerUpdated: ['nom', 'telegram', 'mail'],
};
