import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify } from 'react-admin';
import { serverMessage } from '../providers/serverError';

/** The query keys of one user's detail page; every change refreshes them all. */
export const userQueryKey = (userId: string) => ['admin-users', userId] as const;

/**
 * Runs a change on one user from a modal: `busy` during the call, the spec's success toast, the
 * server's message (else the spec's fallback) on failure, and the page's data refreshed afterwards.
 */
export const useUserAction = (userId: string) => {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const run = async <Result,>(
    call: () => Promise<Result>,
    toasts: { success: string; error: string; onError?: (error: unknown) => void },
  ): Promise<boolean> => {
    setBusy(true);
    try {
      await call();
      notify(toasts.success, { type: 'success' });
      return true;
    } catch (error) {
      notify(serverMessage(error) ?? toasts.error, { type: 'error' });
      toasts.onError?.(error);
      return false;
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: userQueryKey(userId) });
    }
  };

  return { busy, run };
};

export type UserAction = ReturnType<typeof useUserAction>;
