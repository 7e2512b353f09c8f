import type { ManagerInput, ManagerListItem } from '@affilux/contract';
import { callApi, useGuardedApi } from '../providers/guardedApi';

export type SavedManager = ManagerListItem & { message: string };

/** The managers' writes (the list comes through react-admin's data provider: GET /managers). */
const managerCalls = {
  createManager: (body: ManagerInput) => callApi<SavedManager>('POST', '/managers', body),
  updateManager: (id: string, body: ManagerInput & { expected_revision: number }) => callApi<SavedManager>('PUT', `/managers/${encodeURIComponent(id)}`, body),
  deleteManager: (id: string) => callApi<{ message: string; released_affiliates: number }>('DELETE', `/managers/${encodeURIComponent(id)}`),
};

export const useManagerCalls = () => useGuardedApi(managerCalls);
