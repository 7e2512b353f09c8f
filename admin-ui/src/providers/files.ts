import { translateServerMessage } from '@affilux/contract';
import { HttpError } from 'react-admin';
import { i18nProvider } from '../i18n/i18nProvider';
import { getToken } from '../session/session';
import { API_URL } from './httpClient';

/** GET a file with the session's token; a refusal rejects with HttpError like every other call (body included, message translated). */
export async function fetchFile(path: string): Promise<Blob> {
  const token = getToken();
  const response = await fetch(`${API_URL}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    throw new HttpError(translateServerMessage(body, i18nProvider.getLocale(), response.statusText), response.status, body);
  }
  return response.blob();
}

/** Hands bytes to the browser as a download under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const link = Object.assign(document.createElement('a'), { href: URL.createObjectURL(blob), download: fileName });
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}
