import simpleRestProvider from 'ra-data-simple-rest';
import { useContext, useMemo } from 'react';
import { type DataProvider, DataProviderContext, type Identifier, useLogoutIfAccessDenied } from 'react-admin';
import type {
  ApplicationCounts,
  ApproveApplicationPayload,
  ApproveApplicationResult,
  Manager,
  PaymentVariants,
  RejectApplicationResult,
  UpdateReferralResult,
} from '../types';
import { API_URL, httpClient } from './httpClient';

/** The back office's custom actions, beyond ra-data-simple-rest's CRUD methods. */
export interface AffiluxActions {
  approveApplication(id: Identifier, body: ApproveApplicationPayload): Promise<ApproveApplicationResult>;
  rejectApplication(id: Identifier): Promise<RejectApplicationResult>;
  updateApplicationReferral(id: Identifier, referredBy: number | null): Promise<UpdateReferralResult>;
  getApplicationCounts(): Promise<ApplicationCounts>;
  getManagers(): Promise<Manager[]>;
  getPaymentVariants(): Promise<PaymentVariants>;
}

export type AffiluxDataProvider = DataProvider & AffiluxActions;

const getJson = async <T>(path: string): Promise<T> => (await httpClient(`${API_URL}${path}`)).json as T;

const sendJson = async <T>(method: 'POST' | 'PUT', path: string, body?: unknown): Promise<T> =>
  (await httpClient(`${API_URL}${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body) }))
    .json as T;

const applicationPath = (id: Identifier, action: string) =>
  `/applications/${encodeURIComponent(String(id))}/${action}`;

export const dataProvider: AffiluxDataProvider = {
  ...simpleRestProvider(API_URL, httpClient),
  approveApplication: (id, body) => sendJson('POST', applicationPath(id, 'approve'), body),
  rejectApplication: (id) => sendJson('POST', applicationPath(id, 'reject')),
  updateApplicationReferral: (id, referredBy) =>
    sendJson('PUT', applicationPath(id, 'referral'), { referred_by: referredBy }),
  getApplicationCounts: () => getJson('/applications/counts'),
  getManagers: () => getJson('/applications/managers'),
  getPaymentVariants: () => getJson('/applications/payment-variants'),
};

/**
 * The custom actions with react-admin's session handling (authProvider.checkError).
 *
 * Not taken from useDataProvider(): when an error ends the session, its proxy resolves with an
 * empty `{ data }`, which these typed answers would misread (a success toast, a crash on a missing
 * list). Here such a call never settles instead: the browser is already leaving for /login or /.
 */
export const useAffiluxActions = (): AffiluxActions => {
  const provider = useContext(DataProviderContext) as AffiluxDataProvider;
  const logoutIfAccessDenied = useLogoutIfAccessDenied();

  return useMemo(() => {
    const guarded =
      <Args extends unknown[], Result>(call: (...args: Args) => Promise<Result>) =>
      async (...args: Args): Promise<Result> => {
        try {
          return await call(...args);
        } catch (error) {
          if (await logoutIfAccessDenied(error)) return new Promise<Result>(() => undefined);
          throw error;
        }
      };
    return {
      approveApplication: guarded(provider.approveApplication),
      rejectApplication: guarded(provider.rejectApplication),
      updateApplicationReferral: guarded(provider.updateApplicationReferral),
      getApplicationCounts: guarded(provider.getApplicationCounts),
      getManagers: guarded(provider.getManagers),
      getPaymentVariants: guarded(provider.getPaymentVariants),
    };
  }, [provider, logoutIfAccessDenied]);
};
