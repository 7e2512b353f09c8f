import type {
  AdminUserDetail,
  ApiUser,
  PaymentMethodAnswer,
  PaymentMethodInput,
  PaymentMethodView,
  PaymentType,
  ReferralInfo,
  VariationHistoryEntry,
} from '@affilux/contract';
import { useMemo } from 'react';
import { useLogoutIfAccessDenied } from 'react-admin';
import { API_URL, httpClient } from '../providers/httpClient';
import type { ServerMessage } from '../types';

/**
 * The users administration calls (spec: /admin/users/...). A call whose error ends the session
 * (authProvider.checkError) never settles: the browser is already leaving for /login or /.
 */
export const useUsersApi = () => {
  const logoutIfAccessDenied = useLogoutIfAccessDenied();
  return useMemo(() => {
    const call = async <T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> => {
      try {
        const response = await httpClient(`${API_URL}/admin/users${path}`, {
          method,
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return response.json as T;
      } catch (error) {
        if (await logoutIfAccessDenied(error)) return new Promise<T>(() => undefined);
        throw error;
      }
    };
    const user = (id: string) => `/${encodeURIComponent(id)}`;
    return {
      search: (query: string) => call<ApiUser[]>('GET', `/search?q=${encodeURIComponent(query)}`),
      getUser: (id: string) => call<AdminUserDetail>('GET', user(id)),
      getPaymentMethod: (id: string) => call<PaymentMethodAnswer>('GET', `${user(id)}/payment-method`),
      savePaymentMethod: (id: string, method: PaymentMethodInput) =>
        call<ServerMessage & { paymentMethod: PaymentMethodView }>('POST', `${user(id)}/payment-method`, method),
      deletePaymentMethod: (id: string) => call<ServerMessage>('DELETE', `${user(id)}/payment-method`),
      savePaymentSettings: (id: string, paymentType: PaymentType, variantId: string | null) =>
        call<ServerMessage>('PUT', `${user(id)}/payment-settings`, { payment_type: paymentType, variant_id: variantId }),
      getVariationHistory: (id: string) => call<VariationHistoryEntry[]>('GET', `${user(id)}/variation-history`),
      assignManager: (id: string, managerId: string | null) => call<ServerMessage>('PUT', `${user(id)}/manager`, { manager_id: managerId }),
      setCommissionRate: (id: string, rate: number) =>
        call<ServerMessage>('PUT', `${user(id)}/referral-commission`, { referral_commission_rate: rate }),
      setFrozen: (id: string, frozen: boolean) => call<ServerMessage>('PUT', `${user(id)}/frozen-status`, { is_frozen: frozen }),
      setReferrer: (id: string, referredBy: number | null) => call<ServerMessage>('PUT', `${user(id)}/referral`, { referred_by: referredBy }),
      getReferralInfo: (id: string) => call<ReferralInfo>('GET', `${user(id)}/referral-info`),
    };
  }, [logoutIfAccessDenied]);
};

export type UsersApi = ReturnType<typeof useUsersApi>;
