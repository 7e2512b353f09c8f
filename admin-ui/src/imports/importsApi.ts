import {
  importContentType, translateServerMessage,
  type ApiKeyView, type CreatedApiKey, type ImportAnswer, type ImportRefusal, type StatsImportView,
} from '@affilux/contract';
import { HttpError } from 'react-admin';
import { i18nProvider } from '../i18n/i18nProvider';
import { callApi, useGuardedApi } from '../providers/guardedApi';
import { API_URL, httpClient } from '../providers/httpClient';
import { getToken } from '../session/session';

/** How far a file's upload has got: bytes sent so far out of the file's size. */
export type UploadProgress = { sent: number; total: number };

/** What POST /stats/import answered: the import (or preview), or the refusal of the file with every refused row. */
export type ImportOutcome = { kind: 'accepted'; answer: ImportAnswer } | { kind: 'refused'; refusal: ImportRefusal };

/** An upload that can be cancelled (the browser stops sending the file). */
export type RunningUpload = { done: Promise<ImportOutcome>; cancel(): void };

export class UploadCancelled extends Error {}

const isRefusal = (body: unknown): body is ImportRefusal =>
  typeof body === 'object' && body !== null && Array.isArray((body as ImportRefusal).rejected_rows) && typeof (body as ImportRefusal).errors_total === 'number';

/**
 * Sends a statistics file to POST /stats/import as it is: the browser streams it from the disk
 * (the File is the request body, never read into the page), so files of tens of megabytes go
 * through with flat memory. XMLHttpRequest rather than fetch because fetch cannot report how much
 * of a request body has been sent, and a large file deserves a progress bar.
 */
export function uploadStatsFile(file: File, options: { preview: boolean; onProgress(progress: UploadProgress): void }): RunningUpload {
  const xhr = new XMLHttpRequest();
  const done = new Promise<ImportOutcome>((resolve, reject) => {
    const contentType = importContentType(file);
    xhr.open('POST', `${API_URL}/stats/import${options.preview ? '?preview=true' : ''}`);
    xhr.responseType = 'json';
    xhr.setRequestHeader('Accept', 'application/json');
    if (contentType) xhr.setRequestHeader('Content-Type', contentType);
    // Header values are Latin-1: the name is sent percent-encoded (UTF-8), which the server decodes.
    xhr.setRequestHeader('X-File-Name', encodeURIComponent(file.name));
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => options.onProgress({ sent: event.loaded, total: event.lengthComputable ? event.total : file.size });
    xhr.onabort = () => reject(new UploadCancelled());
    xhr.onerror = () => reject(new HttpError(i18nProvider.translate('app.imports.upload.network_error'), 0, null));
    xhr.onload = () => {
      const body: unknown = xhr.response;
      if (xhr.status === 200) return resolve({ kind: 'accepted', answer: body as ImportAnswer });
      if (xhr.status === 400 && isRefusal(body)) return resolve({ kind: 'refused', refusal: body });
      const fallback = i18nProvider.translate('app.imports.upload.error');
      const message = body && typeof body === 'object' ? translateServerMessage(body as { message?: string }, i18nProvider.getLocale(), fallback) : fallback;
      reject(new HttpError(message, xhr.status, body));
    };
    xhr.send(file);
  });
  return { done, cancel: () => xhr.abort() };
}

/** A page of the imports history, newest first, and the total (from Content-Range). */
async function getImports(page: number, perPage: number): Promise<{ imports: StatsImportView[]; total: number }> {
  const params = new URLSearchParams({ range: JSON.stringify([page * perPage, page * perPage + perPage - 1]) });
  const { json, headers } = await httpClient(`${API_URL}/stats/imports?${params.toString()}`);
  const total = Number(headers.get('content-range')?.split('/').pop());
  const imports = json as StatsImportView[];
  return { imports, total: Number.isFinite(total) ? total : imports.length };
}

const importCalls = {
  getImports,
  getApiKeys: () => callApi<ApiKeyView[]>('GET', '/admin/api-keys'),
  createApiKey: (name: string, offerIds: string[]) => callApi<CreatedApiKey>('POST', '/admin/api-keys', { name, offer_ids: offerIds }),
  revokeApiKey: (id: string) => callApi<{ message: string }>('DELETE', `/admin/api-keys/${encodeURIComponent(id)}`),
};

export const useImportCalls = () => useGuardedApi(importCalls);
