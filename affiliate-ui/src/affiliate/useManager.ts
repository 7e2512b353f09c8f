import { useEffect, useState } from 'react';
import { api } from '../api/client';
import type { ManagerResponse } from '../api/types';

export type ManagerState = { status: 'loading' } | { status: 'failed' } | ({ status: 'loaded' } & ManagerResponse);

/**
 * The affiliate's manager: GET /affiliate/account/manager, or for a frozen account (refused there)
 * the contact that GET /auth/me carries. A failure is only logged (spec section 8); the caller
 * shows a fallback.
 */
export function useManager(frozen = false): ManagerState {
  const [state, setState] = useState<ManagerState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    const request = frozen
      ? api<{ manager: ManagerResponse['manager'] }>('/auth/me', { signal: controller.signal }).then(({ manager }) => ({ hasManager: manager !== null, manager }))
      : api<ManagerResponse>('/affiliate/account/manager', { signal: controller.signal });
    request
      .then((answer) => setState({ status: 'loaded', ...answer }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Manager load failed', error);
        setState({ status: 'failed' });
      });
    return () => controller.abort();
  }, [frozen]);
  return state;
}

/** A Telegram handle ("@name" or "name") as a t.me link. */
export function telegramUrl(handle: string): string {
  return `https://t.me/${encodeURIComponent(handle.trim().replace(/^@/, ''))}`;
}
