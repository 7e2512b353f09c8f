/**
 * Figures coming in (README "Figures and what they earn"): the answers of POST /stats/import, the
 * history of imports, the brands' API keys, and the postback URL an offer gives its brand.
 */

/** What a file would change (`?preview=true`, import_id null) or changed (import_id null when nothing differed). */
export type ImportAnswer = {
  ok: true;
  import_id: string | null;
  preview: boolean;
  rows_received: number;
  days_received: number;
  rows_changed: number;
  days_changed: number;
  affiliates: number;
};

/** A refused row of a file: its number (1 = first row), the affiliate and day it named, and why. */
export type RejectedRow = { row: number; source: string | null; stat_date: string | null; reason: string };

/** The 400 answer of a refused file: nothing was recorded; every refused row is counted, the first thousand are listed. */
export type ImportRefusal = { message: string; rows_received: number; errors_total: number; rejected_rows: RejectedRow[] };

/** The Content-Type a file is sent with, from its name (then its type): CSV or JSON; null for anything else. */
export function importContentType(file: { name: string; type: string }): 'text/csv' | 'application/json' | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.csv')) return 'text/csv';
  if (name.endsWith('.json')) return 'application/json';
  if (file.type === 'text/csv') return 'text/csv';
  if (file.type === 'application/json') return 'application/json';
  return null;
}

export const STATS_IMPORT_STATUSES = ['started', 'completed', 'abandoned'] as const;
export type StatsImportStatus = (typeof STATS_IMPORT_STATUSES)[number];

/** GET /stats/imports: one recorded import (a file that changed nothing records nothing and is not listed). */
export type StatsImportView = {
  id: string;
  file_name: string | null;
  sender_kind: 'admin' | 'api_key';
  sender_id: string;
  /** The admin's name, or the API key's. */
  sender_name: string | null;
  rows_received: number;
  rows_changed: number | null;
  days_changed: number | null;
  affiliates: number | null;
  status: StatsImportStatus;
  started_at: string;
  finished_at: string | null;
};

/** An offer a key sends figures for, by its id, 5-digit id and brand name. */
export type ApiKeyOffer = { id: string; unique_id: number; name: string };

/**
 * GET /admin/api-keys: a brand's key, never its secret, with the offers it may send figures for
 * (`offers` null: every offer and figures without one, a key created before keys had offers).
 */
export type ApiKeyView = { id: string; name: string; prefix: string; created_at: string; last_used_at: string | null; revoked_at: string | null; offers: ApiKeyOffer[] | null };

/** POST /admin/api-keys `{ name, offer_ids }`: the new key, whose secret (`key`) is shown this once. */
export type CreatedApiKey = { message: string; id: string; name: string; prefix: string; key: string; offers: ApiKeyOffer[] };

/** How many offers one key may name. */
export const API_KEY_MAX_OFFERS = 100;

/** Longest API key name. */
export const API_KEY_NAME_MAX_LENGTH = 100;

/**
 * The parameters of a postback call besides the offer's key, as the brand's system fills them in
 * (`{macro}` placeholders in the URL the offer form shows): `date` and `status` are optional
 * (today, approved).
 */
export const POSTBACK_PARAMETERS = ['source', 'event', 'txid', 's1', 's2', 'date', 'status'] as const;
export type PostbackParameter = (typeof POSTBACK_PARAMETERS)[number];

/**
 * The postback URL of an offer: the endpoint, the offer's secret key, then every parameter of the
 * call with a `{parameter}` placeholder for the brand to replace
 * (`...&source={source}&event={event}&txid={txid}&s1={s1}&s2={s2}&date={date}&status={status}`).
 */
export function postbackUrlTemplate(origin: string, key: string): string {
  const placeholders = POSTBACK_PARAMETERS.map((name) => `${name}={${name}}`).join('&');
  return `${origin.replace(/\/+$/, '')}/api/v1/postback?key=${encodeURIComponent(key)}&${placeholders}`;
}
