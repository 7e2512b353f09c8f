import { describe, it } from 'vitest';
import { deciderSpec } from '../../../test/deciderSpec';
import type { ManagerEvent } from './events';
import { managerDecider } from './manager';

const { given } = deciderSpec(managerDecider);
const details = { nom: 'Sarah Lemoine', telegram: '@sarah_aff', mail: null };
const created: ManagerEvent = { type: 'ManagerCreated', data: { manager_id: 'm1', ...details } };
const deleted: ManagerEvent = { type: 'ManagerDeleted', data: { manager_id: 'm1' } };

describe('a manager', () => {
  it('is created once', () => {
    given().when({ type: 'CreateManager', managerId: 'm1', details }).then([created]);
    given(created).when({ type: 'CreateManager', managerId: 'm1', details }).thenThrows(409, 'Manager déjà enregistré');
  });

  it('records an edit, and nothing when the details are the same', () => {
    const edited = { nom: 'Sarah Roy', telegram: null, mail: 'sarah@affilux.com' };
    given(created).when({ type: 'UpdateManager', managerId: 'm1', details: edited }).then([{ type: 'ManagerUpdated', data: { manager_id: 'm1', ...edited } }]);
    given(created).when({ type: 'UpdateManager', managerId: 'm1', details }).then([]);
    given(created, { type: 'ManagerUpdated', data: { manager_id: 'm1', ...edited } }).when({ type: 'UpdateManager', managerId: 'm1', details: edited }).then([]);
  });

  it('is deleted once; a deleted or unknown manager can be neither edited nor deleted', () => {
    given(created).when({ type: 'DeleteManager', managerId: 'm1' }).then([deleted]);
    given(created, deleted).when({ type: 'DeleteManager', managerId: 'm1' }).thenThrows(404, 'Manager introuvable');
    given(created, deleted).when({ type: 'UpdateManager', managerId: 'm1', details }).thenThrows(404, 'Manager introuvable');
    given().when({ type: 'UpdateManager', managerId: 'm1', details }).thenThrows(404, 'Manager introuvable');
    given().when({ type: 'DeleteManager', managerId: 'm1' }).thenThrows(404, 'Manager introuvable');
  });
});
