import { useAction, type Action } from '../shared/useAction';
import { PAYMENTS_QUERY } from './api';

/** Runs a change from the payments page (see useAction): tiles, history, preview and write-offs are refreshed afterwards. */
export const usePaymentAction = () => useAction([PAYMENTS_QUERY]);

export type PaymentAction = Action;
