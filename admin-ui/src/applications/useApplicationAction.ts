import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';

export interface ActionToasts<Result> {
  success: (result: Result) => string;
  error: (error: unknown) => string;
}

/**
 * Runs server actions on one application: `busy` while a call is under way (the card disables its
 * buttons), a toast for the outcome, and a refresh of the list and its counts afterwards, whatever
 * the outcome (a 404 "already processed" also means the card is stale).
 */
export const useApplicationAction = () => {
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);

  const run = async <Result,>(call: () => Promise<Result>, toasts: ActionToasts<Result>): Promise<boolean> => {
    setBusy(true);
    try {
      notify(toasts.success(await call()), { type: 'success' });
      return true;
    } catch (error) {
      notify(toasts.error(error), { type: 'error' });
      return false;
    } finally {
      setBusy(false);
      refresh();
    }
  };

  return { busy, run };
};

export type ApplicationAction = ReturnType<typeof useApplicationAction>;
