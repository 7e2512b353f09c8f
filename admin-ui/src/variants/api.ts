import { VARIANT_RESOURCES, type PaymentType, type VariantInput, type VariantListItem } from '@affilux/contract';
import { HttpError } from 'react-admin';
import { callApi, useGuardedApi } from '../providers/guardedApi';

export type SavedVariant = VariantListItem & { message: string };
export type StandardRate = { amount: string; history: { amount: string; effective_at: string }[] };
export type StandardRates = Record<PaymentType, StandardRate>;

const path = (paymentType: PaymentType, id?: string) => `/${VARIANT_RESOURCES[paymentType]}${id ? `/${encodeURIComponent(id)}` : ''}`;

/** The variants' writes and the standard rates (the lists come through react-admin's data provider). */
const variantCalls = {
  createVariant: (paymentType: PaymentType, body: VariantInput) => callApi<SavedVariant>('POST', path(paymentType), body),
  updateVariant: (paymentType: PaymentType, id: string, body: VariantInput & { expected_revision: number }) => callApi<SavedVariant>('PUT', path(paymentType, id), body),
  deleteVariant: (paymentType: PaymentType, id: string) => callApi<{ message: string }>('DELETE', path(paymentType, id)),
  getStandardRates: () => callApi<StandardRates>('GET', '/standard-rates'),
  setStandardRate: (paymentType: PaymentType, amount: string) => callApi<{ message: string; amount: string }>('PUT', `/standard-rates/${paymentType}`, { amount }),
};

export const useVariantCalls = () => useGuardedApi(variantCalls);

/** How many affiliates use the variant, when the server refused to delete it for that reason (409). */
export const affiliatesUsingIt = (error: unknown): number | undefined => {
  if (!(error instanceof HttpError) || error.status !== 409) return undefined;
  const count = (error.body as { affiliate_count?: unknown } | undefined)?.affiliate_count;
  return typeof count === 'number' ? count : undefined;
};
