import { postbackUrlTemplate, type OfferView } from '@affilux/contract';
import { API_URL, httpClient } from '../providers/httpClient';

/** The offers' calls beyond react-admin's list and delete: multipart saves, affiliate checks, image uploads, postback keys. */

export type AffiliateCheck = { valid: boolean; affiliates: { unique_id: number; name: string }[]; message?: string; invalid_ids?: number[] };
export type SavedOffer = { message: string; id: string; unique_id?: number; offer: OfferView };

const json = async <T>(path: string, init: RequestInit = {}): Promise<T> => (await httpClient(`${API_URL}${path}`, init as never)).json as T;

export const offersApi = {
  get: (id: string) => json<OfferView>(`/offers/${encodeURIComponent(id)}`),
  save: (id: string | null, form: FormData) =>
    json<SavedOffer>(id ? `/offers/${encodeURIComponent(id)}` : '/offers', { method: id ? 'PUT' : 'POST', body: form }),
  validateAffiliates: (ids: number[]) => json<AffiliateCheck>('/offers/validate-affiliates', { method: 'POST', body: JSON.stringify({ affiliate_ids: ids }) }),
  uploadTemplateImage: (file: File) => {
    const form = new FormData();
    form.append('template_image', file);
    return json<{ filename: string; width: number; height: number }>('/offers/upload-template-image', { method: 'POST', body: form });
  },
  rotatePostbackKey: (id: string) => json<{ postback_key: string; revision: number }>(`/offers/${encodeURIComponent(id)}/rotate-postback-key`, { method: 'POST' }),
};

/** The URL a brand's server calls for each conversion of the offer: its key and every parameter of the call, as `{placeholders}`. */
export const postbackUrl = (key: string) => postbackUrlTemplate(window.location.origin, key);
