import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { serverMessage } from '../providers/serverError';

/**
 * Runs a change from a modal: `busy` during the call, the spec's success toast (or one made from the answer), the server's
 * message (else the spec's fallback) on failure, and the page's queries (`queryKey`) refreshed afterwards.
 */
export const useAction = (queryKey: readonly unknown[]) => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const run = async <Result,>(
    call: () => Promise<Result>,
    toasts: { success: string | ((result: Result) => string); error: string; onError?: (error: unknown) => void },
  ): Promise<boolean> => {
    setBusy(true);
    try {
      const result = await call();
      notify(typeof toasts.success === 'string' ? toasts.success : toasts.success(result), { type: 'success' });
      return true;
    } catch (error) {
      notify(serverMessage(error) ?? toasts.error, { type: 'error' });
      toasts.onError?.(error);
      return false;
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey });
    }
  };

  return { busy, run };
};

export type Action = ReturnType<typeof useAction>;
