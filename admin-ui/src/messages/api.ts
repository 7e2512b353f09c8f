import type { ContactMessageFilter, ContactMessageStats, ContactMessageStatus, ContactMessageView } from '@affilux/contract';
import { callApi, useGuardedApi } from '../providers/guardedApi';
import { API_URL, httpClient } from '../providers/httpClient';

export type MessagePage = { messages: ContactMessageView[]; total: number };

/** GET /admin/messages?status=...&q=...: a page of messages and the total (from Content-Range). */
async function getMessages(status: ContactMessageFilter, q: string, page: number, perPage: number): Promise<MessagePage> {
  const params = new URLSearchParams({ status, range: JSON.stringify([page * perPage, page * perPage + perPage - 1]) });
  if (q.trim()) params.set('q', q.trim());
  const { json, headers } = await httpClient(`${API_URL}/admin/messages?${params.toString()}`);
  const total = Number(headers.get('content-range')?.split('/').pop());
  const messages = json as ContactMessageView[];
  return { messages, total: Number.isFinite(total) ? total : messages.length };
}

const messageCalls = {
  getMessages,
  getMessageStats: () => callApi<ContactMessageStats>('GET', '/admin/messages/stats/overview'),
  setMessageStatus: (id: string, status: ContactMessageStatus) =>
    callApi<{ message: string; status: ContactMessageStatus }>('PUT', `/admin/messages/${encodeURIComponent(id)}/status`, { status }),
  deleteMessage: (id: string) => callApi<{ message: string }>('DELETE', `/admin/messages/${encodeURIComponent(id)}`),
};

export const useMessageCalls = () => useGuardedApi(messageCalls);
