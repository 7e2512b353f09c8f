import { describe, expect, it } from 'vitest';
import { fold, recorded } from '../../../../test/recorded';
import type { ManagerEvent } from '../events';
import { managersProjection } from './projection';

describe('the managers read model', () => {
  it('keeps a manager as last edited, and flags a deleted one instead of forgetting it', () => {
    const created: ManagerEvent = { type: 'ManagerCreated', data: { manager_id: 'm1', nom: 'Julie', telegram: '@julie', mail: null } };
    const updated: ManagerEvent = { type: 'ManagerUpdated', data: { manager_id: 'm1', nom: 'Julie Roy', telegram: null, mail: 'julie@affilux.test' } };
    expect(fold(managersProjection, recorded('manager-m1', [created, updated]))).toEqual({
      id: 'm1', nom: 'Julie Roy', telegram: null, mail: 'julie@affilux.test', created_at: '2026-11-16T09:00:00.000Z', deleted: false, revision: 1,
    });
    expect(fold(managersProjection, recorded('manager-m1', [created, { type: 'ManagerDeleted', data: { manager_id: 'm1' } }]))).toMatchObject({ deleted: true });
  });
});
