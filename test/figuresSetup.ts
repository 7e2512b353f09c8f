import { expect } from 'vitest';
import type { ApiHarness, TestAffiliate } from './apiHarness';

/** A settable clock for a harness: the server's only time. */
export function settableClock(start: string) {
  let now = new Date(start);
  return { now: () => new Date(now), set: (iso: string) => void (now = new Date(iso)) };
}

type OfferFormFields = { brand_name: string; intake: 'import' | 'postback'; is_private?: boolean; private_affiliate_ids?: number[] };

/** Sends the back office's offer form (multipart): POST creates the offer, PUT saves it again. */
async function sendOfferForm(h: ApiHarness, adminToken: string, method: 'POST' | 'PUT', path: string, fields: OfferFormFields) {
  const form = new FormData();
  const values: Record<string, string> = {
    brand_name: fields.brand_name, category: 'Dating', status: 'active', is_private: String(fields.is_private ?? false), script_code_ppt: '', script_code_sale: '', intake: fields.intake,
    templates: JSON.stringify([{ id: 1, template_image: null, template_link: 'https://brand.example/lp', template_link_ppt: '', template_link_sale: '', is_modular: false, modulation_keys: [] }]),
  };
  if (fields.is_private) values.private_affiliate_ids = JSON.stringify(fields.private_affiliate_ids ?? []);
  for (const [name, value] of Object.entries(values)) form.append(name, value);
  const response = await fetch(`${h.url}/api/v1${path}`, { method, headers: { authorization: `Bearer ${adminToken}` }, body: form });
  const body = (await response.json()) as { offer: { id: string; unique_id: number } };
  expect(response.status, JSON.stringify(body)).toBe(method === 'POST' ? 201 : 200);
  return body.offer;
}

/** An offer created as the back office's form creates it (multipart), with how it takes figures. */
export async function createOffer(h: ApiHarness, adminToken: string, fields: OfferFormFields) {
  const offer = await sendOfferForm(h, adminToken, 'POST', '/offers', fields);
  const { body: detail } = await h.call<{ postback_key: string }>('GET', `/offers/${offer.id}`, { token: adminToken });
  return { id: offer.id, uniqueId: offer.unique_id, postbackKey: detail.postback_key };
}

/** An offer saved again from the back office's form, with other fields (an intake switched, made private). */
export const updateOffer = (h: ApiHarness, adminToken: string, offerId: string, fields: OfferFormFields) => sendOfferForm(h, adminToken, 'PUT', `/offers/${offerId}`, fields);

/** Sends a file of raw stat rows to POST /stats/import, as JSON (or CSV text). */
export async function importFile(h: ApiHarness, auth: { token?: string; apiKey?: string }, body: unknown, options: { csv?: boolean; preview?: boolean; fileName?: string; query?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': options.csv ? 'text/csv' : 'application/json' };
  if (options.fileName) headers['x-file-name'] = options.fileName;
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  if (auth.apiKey) headers['x-api-key'] = auth.apiKey;
  const response = await fetch(`${h.url}/api/v1/stats/import${options.preview ? '?preview=true' : (options.query ?? '')}`, {
    method: 'POST', headers, body: typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** A raw stat row of the spec. */
export const statRow = (affiliate: Pick<TestAffiliate, 'uniqueId'>, day: string, data: Record<string, unknown> | string) => ({ source: String(affiliate.uniqueId).padStart(5, '0'), stat_date: day, data });
