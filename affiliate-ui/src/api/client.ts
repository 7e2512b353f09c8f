/**
 * The portal's only HTTP client. While a token is stored (localStorage `token`), every request
 * carries `Authorization: Bearer <token>`; without one the header is left off. Errors reject with
 * ApiError carrying the answer's body (`{ message, code?, errors? }`); screens show it through
 * `errorMessage`, which translates the codes of the contract's SERVER_MESSAGES into the interface
 * language and otherwise uses the server's message (the spec's rule for every call).
 */
import { TOKEN_KEY, translateServerMessage, type ErrorBody } from '@affilux/contract';
import i18n from 'i18next';
import toast from 'react-hot-toast';

export { TOKEN_KEY };
const BASE = '/api/v1';

/** The spec's toast durations. */
export const TOAST_DURATION = { success: 2000, error: 4000 } as const;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
    /** True when the answer was a 401 to a request made with the stored token: the session is over. */
    readonly sessionEnded = false,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * Who is told that the server refused the session's token (a 401 to an authenticated call: the
 * password was changed elsewhere, the token expired...). The session provider registers itself.
 */
type SessionEndedListener = (sentToken: string, body: unknown) => void;
let sessionEndedListener: SessionEndedListener | undefined;
export function onSessionEnded(listener: SessionEndedListener | undefined): void {
  sessionEndedListener = listener;
}

/** Sends a request with the stored token; a refusal rejects with ApiError (and ends the session on a 401 to the token). */
async function send(path: string, options: { method?: string; body?: unknown; signal?: AbortSignal }, accept: string): Promise<Response> {
  const headers: Record<string, string> = { Accept: accept };
  const token = localStorage.getItem(TOKEN_KEY);
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${BASE}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  if (!response.ok) {
    const text = await response.text();
    const data: unknown = text ? safeJson(text) : null;
    const message = typeof data === 'object' && data && 'message' in data && typeof data.message === 'string' ? data.message : '';
    const sessionEnded = response.status === 401 && token !== null;
    if (sessionEnded) sessionEndedListener?.(token, data);
    throw new ApiError(message, response.status, data, sessionEnded);
  }
  return response;
}

export async function api<T = unknown>(path: string, options: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const text = await (await send(path, options, 'application/json')).text();
  return (text ? safeJson(text) : null) as T;
}

/** A file from the API (an invoice PDF): its bytes. */
export async function apiBlob(path: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  return (await send(path, options, 'application/pdf, application/octet-stream, */*')).blob();
}

/** Hands bytes to the browser as a download under `fileName`. */
export function saveFile(blob: Blob, fileName: string): void {
  const link = Object.assign(document.createElement('a'), { href: URL.createObjectURL(blob), download: fileName });
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

const interfaceLanguage = () => i18n.resolvedLanguage ?? i18n.language ?? 'fr';

/** The interface text of a failed call: the translated server message, else the caller's translated fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? translateServerMessage(error.body, interfaceLanguage(), fallback) : fallback;
}

/** The interface text of an error answer's body (for the session layer, which has no ApiError at hand). */
export function bodyMessage(body: unknown, fallback: string): string {
  return translateServerMessage(body, interfaceLanguage(), fallback);
}

/** The `msg` the server gave for each failing field of a 400 answer. */
export function fieldMessages(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const errors = (error.body as ErrorBody | null)?.errors;
  return Object.fromEntries((Array.isArray(errors) ? errors : []).map(({ field, msg }) => [field, msg]));
}

/**
 * The error toast of a failed call (4000 ms). Nothing when the call ended the session: the session
 * layer has already signed out, said so once and gone to /login.
 */
export function toastError(error: unknown, fallback: string): void {
  if (error instanceof ApiError && error.sessionEnded) return;
  toast.error(errorMessage(error, fallback), { duration: TOAST_DURATION.error });
}

export function toastSuccess(message: string): void {
  toast.success(message, { duration: TOAST_DURATION.success });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
