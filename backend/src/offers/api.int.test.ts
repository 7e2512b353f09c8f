import fs from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AffiliateOfferView, OfferView, PptInfo } from '@affilux/contract';
import { startApiHarness, type ApiHarness, type TestAffiliate } from '../../../test/apiHarness';
import { jpegImage, pngImage, webpImage } from '../../../test/images';
import { systemContext, toNewEvents } from '../eventstore/commands';
import { rebuildReadModels } from '../processing/rebuild';
import { paymentVariantStream, type VariantEvent } from '../variants/events';
import { offersProjection } from './offerList/projection';
import { offerTrackersProjection } from './offerTrackers/projection';

let h: ApiHarness;
let adminToken: string;
let alice: TestAffiliate;
let bob: TestAffiliate;
let unverified: TestAffiliate;
let frozen: TestAffiliate;

beforeAll(async () => {
  h = await startApiHarness();
  adminToken = await h.login(h.admin.email, h.admin.password);
  alice = await h.createAffiliate({ firstName: 'Alice', lastName: 'Durand' });
  bob = await h.createAffiliate({ firstName: 'Bob', lastName: 'Lefebvre' });
  unverified = await h.createAffiliate({ verified: false });
  frozen = await h.createAffiliate();
  await h.recordAccountEvent(frozen.id, { type: 'AccountFrozen', data: {} });
}, 120_000);
afterAll(() => h?.stop());

type FilePart = { field: string; bytes: Buffer; name?: string; type?: string };
type Answer = { status: number; body: Record<string, any> };

/** A multipart call, as the back office's form sends it. */
async function multipart(method: string, apiPath: string, { token = adminToken, fields = {}, files = [] }: { token?: string | null; fields?: Record<string, unknown>; files?: FilePart[] } = {}): Promise<Answer> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  for (const file of files) form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }), file.name ?? 'image.png');
  const response = await fetch(`${h.url}/api/v1${apiPath}`, { method, headers: token ? { authorization: `Bearer ${token}` } : {}, body: form });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const uploadTemplateImage = async (bytes: Buffer = pngImage(60, 40)) => {
  const { status, body } = await multipart('POST', '/offers/upload-template-image', { files: [{ field: 'template_image', bytes }] });
  expect(status).toBe(201);
  return body.filename as string;
};

const template = (overrides: Record<string, unknown> = {}) => ({
  id: 1, template_image: null, template_link: 'https://brand.example/lp', template_link_ppt: '', template_link_sale: 'https://brand.example/sale',
  is_modular: false, modulation_keys: [], ...overrides,
});

const offerFields = (overrides: Record<string, unknown> = {}) => ({
  brand_name: 'LoveMatch', category: 'Dating', status: 'active', is_private: 'false', script_code_ppt: '<script src="https://t.example/ppt.js"></script>',
  script_code_sale: '', intake: 'import', templates: [template()], ...overrides,
});

async function createOffer(overrides: Record<string, unknown> = {}, files: FilePart[] = []): Promise<OfferView> {
  const { status, body } = await multipart('POST', '/offers', { fields: offerFields(overrides), files });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.offer as OfferView;
}

const uploadsDir = () => path.join(h.server.deps.config.dataDir, 'uploads');
async function stored() {
  const files = await fs.readdir(uploadsDir()).catch(() => [] as string[]);
  const { rows } = await h.db.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads');
  return { files: files.sort(), rows: rows[0]!.n, head: await h.eventHead(), seq: await h.db.pool.query("SELECT last_value, is_called FROM offer_unique_id_seq").then((r) => r.rows[0]) };
}

describe('creating offers (POST /offers)', () => {
  it('creates an offer with a brand image and templates, answers its 5-digit id and names it in the message', async () => {
    const templateImage = await uploadTemplateImage(jpegImage());
    const { status, body } = await multipart('POST', '/offers', {
      fields: offerFields({ templates: [template({ template_image: templateImage, is_modular: true, modulation_keys: [{ key: 'lang', description: 'Langue' }] }), template({ id: 9 })] }),
      files: [{ field: 'brand_image', bytes: pngImage(1200, 350), name: 'banner.png' }],
    });
    expect(status).toBe(201);
    expect(body.unique_id).toEqual(expect.any(Number));
    expect(body.message).toBe(`Offre ${String(body.unique_id).padStart(5, '0')} créée avec succès`);
    const offer = body.offer as OfferView;
    expect(offer).toMatchObject({ brand_name: 'LoveMatch', category: 'Dating', status: 'active', is_private: false, intake: 'import', template_count: 2, private_affiliate_count: 0 });
    expect(offer.templates.map((t) => t.id)).toEqual([1, 2]);
    expect(offer.templates[0]).toMatchObject({ template_image: templateImage, modulation_keys: [{ key: 'lang', description: 'Langue' }] });
    expect(offer.brand_image).toMatch(/^[a-f0-9]{32}\.png$/);

    const image = await fetch(`${h.url}/uploads/${offer.brand_image}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await image.arrayBuffer()).equals(pngImage(1200, 350))).toBe(true);
    const jpeg = await fetch(`${h.url}/uploads/${templateImage}`);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
  });

  it('takes status active, public and the import intake by default, and accepts a JSON body', async () => {
    const { status, body } = await h.call('POST', '/offers', { token: adminToken, body: { brand_name: 'Casino Royal', category: 'Casino' } });
    expect(status).toBe(201);
    expect(body.offer).toMatchObject({ status: 'active', is_private: false, intake: 'import', templates: [], brand_image: null, script_code_ppt: '' });
  });

  it("refuses every broken rule with the form's messages, stores nothing and uses up no id", async () => {
    const before = await stored();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ brand_name: '  ' }, 'brand_name', 'Le nom de la marque est requis'],
      [{ category: '' }, 'category', 'La catégorie est requise'],
      [{ category: 'Adult' }, 'category', 'La catégorie est requise'],
      [{ is_private: 'true', private_affiliate_ids: [] }, 'private_affiliate_ids', 'Veuillez entrer au moins un ID affilié valide pour une offre privée'],
      [{ is_private: 'true', private_affiliate_ids: [123456] }, 'private_affiliate_ids.0', 'ID affilié invalide (5 chiffres)'],
      [{ is_private: 'true', private_affiliate_ids: [99999] }, 'private_affiliate_ids', 'Aucun affilié ne porte cet ID : 99999'],
      [{ templates: [template({ template_link: 'javascript:alert(1)' })] }, 'templates.0.template_link', 'Le lien doit être une adresse http ou https valide'],
      [{ templates: [template({ template_link_sale: 'ftp://brand.example' })] }, 'templates.0.template_link_sale', 'Le lien doit être une adresse http ou https valide'],
      [{ templates: [template({ is_modular: true, modulation_keys: [{ key: 'source', description: '' }] })] }, 'templates.0.modulation_keys.0.key', "La clé « source » est réservée au lien d'affiliation"],
      [{ templates: [template({ template_image: '../../etc/passwd' })] }, 'templates.0.template_image', 'Image de template inconnue'],
      [{ templates: 'not json' }, 'templates', 'templates doit être une liste JSON'],
      [{ status: 'archived' }, 'status', 'Le statut doit être active ou inactive'],
      [{ intake: 'email' }, 'intake', "Le mode de réception doit être 'import' ou 'postback'"],
    ];
    for (const [overrides, field, msg] of cases) {
      const { status, body } = await multipart('POST', '/offers', { fields: offerFields(overrides), files: [{ field: 'brand_image', bytes: pngImage(12, 4) }] });
      expect(status, JSON.stringify(overrides)).toBe(400);
      expect(body.errors, JSON.stringify(body)).toContainEqual({ field, msg });
    }
    const { body: missing } = await multipart('POST', '/offers', { fields: { brand_name: 'X' } });
    expect(missing.message).toBe('La catégorie est requise');
    // A new offer has no revision: a malformed one is a 400, any other a 409, both before an id is taken (attacker review).
    const malformed = await multipart('POST', '/offers', { fields: offerFields({ expected_revision: 'abc' }), files: [{ field: 'brand_image', bytes: pngImage(12, 4) }] });
    expect(malformed).toMatchObject({ status: 400, body: { message: 'expected_revision doit être un entier positif ou nul' } });
    const stale = await multipart('POST', '/offers', { fields: offerFields({ expected_revision: '7' }), files: [{ field: 'brand_image', bytes: pngImage(12, 4) }] });
    expect(stale.status).toBe(409);
    expect(await stored()).toEqual(before);
  });

  it('checks the private list on the server: every id must be an affiliate', async () => {
    const { body } = await multipart('POST', '/offers', { fields: offerFields({ is_private: 'true', private_affiliate_ids: [alice.uniqueId, 99998] }) });
    expect(body).toMatchObject({ message: 'Veuillez corriger les erreurs de validation des affiliés', errors: [{ field: 'private_affiliate_ids', msg: 'Aucun affilié ne porte cet ID : 99998' }] });
  });
});

describe('uploads: only real images, by content, never a name from the client', () => {
  const refused: [string, FilePart[], number, string][] = [
    ['a .png that is text', [{ field: 'template_image', bytes: Buffer.from('hello, I am text'), name: 'photo.png', type: 'image/png' }], 400, 'Le fichier doit être une image PNG, JPEG ou WebP'],
    ['a .png that is HTML', [{ field: 'template_image', bytes: Buffer.from('<html><script>alert(1)</script></html>'), name: 'x.png', type: 'image/png' }], 400, 'Le fichier doit être une image PNG, JPEG ou WebP'],
    ['a .png that is SVG', [{ field: 'template_image', bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), name: 'x.png', type: 'image/png' }], 400, 'Le fichier doit être une image PNG, JPEG ou WebP'],
    ['a few bytes declaring 8000 x 8000 pixels', [{ field: 'template_image', bytes: pngImage(8000, 8000) }], 400, 'Image trop grande : 10 000 pixels de côté et 25 mégapixels au maximum'],
    ['an image over 5 MB', [{ field: 'template_image', bytes: Buffer.concat([pngImage(10, 10), Buffer.alloc(5 * 1024 * 1024)]) }], 413, 'Image trop volumineuse (5 Mo au maximum)'],
    ['a crafted name (../)', [{ field: 'template_image', bytes: pngImage(10, 10), name: '../../etc/passwd' }], 400, 'Nom de fichier invalide'],
    ['a crafted name (%2e%2e)', [{ field: 'template_image', bytes: pngImage(10, 10), name: '%2e%2e%2f%2e%2e%2fetc%2fpasswd.png' }], 400, 'Nom de fichier invalide'],
    ['two files', [{ field: 'template_image', bytes: pngImage(10, 10) }, { field: 'template_image', bytes: pngImage(10, 10) }], 400, 'Une seule image par envoi'],
    ['a file in another field', [{ field: 'other', bytes: pngImage(10, 10) }], 400, 'Fichier inattendu dans le formulaire'],
    ['no file', [], 400, 'Aucune image reçue'],
  ];
  for (const [situation, files, status, message] of refused) {
    it(`refuses ${situation} with a ${status}, storing nothing`, async () => {
      const before = await stored();
      const answer = await multipart('POST', '/offers/upload-template-image', { files });
      expect(answer.status).toBe(status);
      expect(answer.body.message).toBe(message);
      expect(await stored()).toEqual(before);
    });
  }

  it('refuses a fake brand image on POST /offers and on PUT /offers/{id}: no file, no row, no event, no id used', async () => {
    const offer = await createOffer();
    const before = await stored();
    const fake = [{ field: 'brand_image', bytes: Buffer.from('<svg/>'), name: 'brand.png' }];
    expect((await multipart('POST', '/offers', { fields: offerFields(), files: fake })).status).toBe(400);
    expect((await multipart('PUT', `/offers/${offer.id}`, { fields: offerFields(), files: fake })).status).toBe(400);
    expect((await multipart('POST', '/offers', { fields: offerFields(), files: [{ field: 'brand_image', bytes: pngImage(10, 10) }, { field: 'brand_image', bytes: pngImage(10, 10) }] })).status).toBe(400);
    expect(await stored()).toEqual(before);
  });

  it('names a stored image itself, from the detected type (a WebP sent as .png is stored as .webp)', async () => {
    const { body } = await multipart('POST', '/offers/upload-template-image', { files: [{ field: 'template_image', bytes: webpImage(), name: 'holiday.png', type: 'image/png' }] });
    expect(body).toMatchObject({ filename: expect.stringMatching(/^[a-f0-9]{32}\.webp$/), width: 64, height: 48 });
    expect((await fetch(`${h.url}/uploads/${body.filename}`)).headers.get('content-type')).toBe('image/webp');
  });

  it('answers 404 for unknown names and paths that try to leave the folder', async () => {
    for (const name of ['0'.repeat(32) + '.png', 'passwd', '..%2f..%2fetc%2fpasswd', '%2e%2e%2f%2e%2e%2fetc%2fpasswd', '..%5c..%5cjwt-secret']) {
      expect((await fetch(`${h.url}/uploads/${name}`)).status, name).toBe(404);
    }
    expect((await fetch(`${h.url}/uploads/../jwt-secret`)).status).not.toBe(200);
  });
});

describe('reading, updating and deleting offers', () => {
  it('lists offers for react-admin and finds them by brand, category, id or status', async () => {
    const offer = await createOffer({ brand_name: `Zebra ${randomUUID().slice(0, 6)}`, category: 'Cams', status: 'inactive' });
    const search = async (q: string) => {
      const response = await fetch(`${h.url}/api/v1/offers?filter=${encodeURIComponent(JSON.stringify({ q }))}&range=[0,99]`, { headers: { authorization: `Bearer ${adminToken}` } });
      expect(response.headers.get('content-range')).toMatch(/^offers \d+-\d+\/\d+$/);
      return ((await response.json()) as OfferView[]).map((o) => o.id);
    };
    expect(await search(offer.brand_name.toLowerCase())).toEqual([offer.id]);
    expect(await search('cams')).toContain(offer.id);
    expect(await search(String(offer.unique_id).padStart(5, '0'))).toEqual([offer.id]);
    expect(await search('inactive')).toContain(offer.id);
    expect(await search('active')).not.toContain(offer.id);
    const accented = await createOffer({ brand_name: `Éclat ${randomUUID().slice(0, 6)}` });
    expect(await search(`eclat ${accented.brand_name.slice(6)}`)).toEqual([accented.id]);
  });

  it('shows an admin the detail with the private affiliates and the postback key, which can be rotated', async () => {
    const offer = await createOffer({ is_private: 'true', private_affiliate_ids: [alice.uniqueId], intake: 'postback' });
    const { status, body } = await h.call<OfferView>('GET', `/offers/${offer.id}`, { token: adminToken });
    expect(status).toBe(200);
    expect(body).toMatchObject({ private_affiliate_count: 1, private_affiliates: [{ affiliate_unique_id: alice.uniqueId, first_name: 'Alice', last_name: 'Durand' }], intake: 'postback' });
    expect(body.postback_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const rotated = await h.call('POST', `/offers/${offer.id}/rotate-postback-key`, { token: adminToken });
    expect(rotated.body.postback_key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(rotated.body.postback_key).not.toBe(body.postback_key);
    expect((await h.call<OfferView>('GET', `/offers/${offer.id}`, { token: adminToken })).body.postback_key).toBe(rotated.body.postback_key);
    const { rows } = await h.db.pool.query('SELECT data::text FROM events WHERE stream_id = $1', [`offer-${offer.id}`]);
    expect(rows.map((r) => r.data).join()).not.toContain(rotated.body.postback_key);
    expect(rows.map((r) => r.data).join()).not.toContain(body.postback_key);
  });

  it('refuses a save built on an offer someone changed since it was opened (two tabs), even by rotating its key; the form follows its own rotation', async () => {
    const offer = await createOffer({ brand_name: 'Race Test', intake: 'postback' });
    const tabA = await multipart('PUT', `/offers/${offer.id}`, { fields: offerFields({ brand_name: 'Race Test A', intake: 'postback', expected_revision: String(offer.revision) }) });
    expect(tabA.status, JSON.stringify(tabA.body)).toBe(200);
    const head = await h.eventHead();
    const tabB = await multipart('PUT', `/offers/${offer.id}`, { fields: offerFields({ brand_name: 'Race Test', intake: 'postback', script_code_ppt: '<script>b</script>', expected_revision: String(offer.revision) }) });
    expect(tabB).toMatchObject({ status: 409, body: { message: expect.stringContaining("modifié par quelqu'un d'autre depuis que vous l'avez ouvert") } });
    expect(await h.eventHead()).toBe(head);
    expect((await h.call<OfferView>('GET', `/offers/${offer.id}`, { token: adminToken })).body.brand_name).toBe('Race Test A');
    // A rotation moves the offer too; its answer gives the form the revision to save with.
    const current = (tabA.body.offer as OfferView).revision;
    const rotated = await h.call<{ revision: number }>('POST', `/offers/${offer.id}/rotate-postback-key`, { token: adminToken });
    expect(rotated.body.revision).toBe(current + 1);
    expect((await multipart('PUT', `/offers/${offer.id}`, { fields: offerFields({ brand_name: 'Race Test C', intake: 'postback', expected_revision: String(current) }) })).status).toBe(409);
    expect((await multipart('PUT', `/offers/${offer.id}`, { fields: offerFields({ brand_name: 'Race Test C', intake: 'postback', expected_revision: String(rotated.body.revision) }) })).status).toBe(200);
    // A malformed revision, sent with a new brand image: refused, nothing stored.
    const before = await stored();
    const malformed = await multipart('PUT', `/offers/${offer.id}`, { fields: offerFields({ brand_name: 'Race Test D', intake: 'postback', expected_revision: 'two' }), files: [{ field: 'brand_image', bytes: pngImage(1200, 350) }] });
    expect(malformed).toMatchObject({ status: 400, body: { message: 'expected_revision doit être un entier positif ou nul' } });
    expect(await stored()).toEqual(before);
  });

  it('never leaves a postback key behind an offer deleted while its key is rotated', async () => {
    for (let round = 0; round < 10; round++) {
      const offer = await createOffer({ intake: 'postback' });
      await Promise.all([
        h.call('POST', `/offers/${offer.id}/rotate-postback-key`, { token: adminToken }),
        h.call('DELETE', `/offers/${offer.id}`, { token: adminToken }),
      ]);
      const { rows } = await h.db.pool.query('SELECT 1 FROM offer_postback_keys WHERE offer_id = $1', [offer.id]);
      expect(rows, `round ${round}`).toEqual([]);
    }
  });

  it('updates an offer: switching to public clears the list, modular off clears the keys, the brand image is kept or replaced', async () => {
    const offer = await createOffer({ is_private: 'true', private_affiliate_ids: [alice.uniqueId], templates: [template({ is_modular: true, modulation_keys: [{ key: 'lang', description: '' }] })] }, [{ field: 'brand_image', bytes: pngImage(120, 35) }]);
    const kept = await multipart('PUT', `/offers/${offer.id}`, { fields: offerFields({ is_private: 'false', private_affiliate_ids: [alice.uniqueId], templates: [template({ is_modular: false, modulation_keys: [{ key: 'lang', description: '' }] })] }) });
    expect(kept.status).toBe(200);
    expect(kept.body.message).toBe('Offre mise à jour avec succès');
    expect(kept.body.offer).toMatchObject({ is_private: false, private_affiliate_ids: [], unique_id: offer.unique_id, brand_image: offer.brand_image, templates: [{ is_modular: false, modulation_keys: [] }] });
    const replaced = await multipart('PUT', `/offers/${offer.id}`, { fields: offerFields(), files: [{ field: 'brand_image', bytes: jpegImage(), name: 'new.jpg' }] });
    expect(replaced.body.offer.brand_image).toMatch(/\.jpg$/);
    const removed = await multipart('PUT', `/offers/${offer.id}`, { fields: offerFields({ brand_image: '' }) });
    expect(removed.body.offer.brand_image).toBeNull();
  });

  it('deletes an offer: gone from the list, the detail and the affiliates', async () => {
    const offer = await createOffer();
    const { status, body } = await h.call('DELETE', `/offers/${offer.id}`, { token: adminToken });
    expect(status).toBe(200);
    expect(body.message).toBe('Offre supprimée avec succès');
    expect((await h.call('GET', `/offers/${offer.id}`, { token: adminToken })).status).toBe(404);
    expect((await h.call('DELETE', `/offers/${offer.id}`, { token: adminToken })).body.message).toBe('Offre introuvable');
    expect((await h.call<AffiliateOfferView[]>('GET', '/affiliate/offers/available', { token: alice.token })).body.map((o) => o.id)).not.toContain(offer.id);
  });

  it('answers 404 for an unknown or malformed offer id', async () => {
    expect((await h.call('GET', `/offers/${randomUUID()}`, { token: adminToken })).status).toBe(404);
    expect((await h.call('GET', '/offers/not-a-uuid', { token: adminToken })).status).toBe(404);
    expect((await multipart('PUT', `/offers/${randomUUID()}`, { fields: offerFields() })).status).toBe(404);
  });
});

describe('POST /offers/validate-affiliates', () => {
  it('names the affiliates of valid ids', async () => {
    const { status, body } = await h.call('POST', '/offers/validate-affiliates', { token: adminToken, body: { affiliate_ids: [alice.uniqueId, bob.uniqueId] } });
    expect(status).toBe(200);
    expect(body).toEqual({ valid: true, affiliates: [{ unique_id: alice.uniqueId, name: 'Alice Durand' }, { unique_id: bob.uniqueId, name: 'Bob Lefebvre' }] });
  });
  it('says which ids name nobody, and refuses an empty or malformed list', async () => {
    const { body } = await h.call('POST', '/offers/validate-affiliates', { token: adminToken, body: { affiliate_ids: [alice.uniqueId, 99997] } });
    expect(body).toMatchObject({ valid: false, message: 'Aucun affilié ne porte cet ID : 99997', invalid_ids: [99997] });
    const empty = await h.call('POST', '/offers/validate-affiliates', { token: adminToken, body: { affiliate_ids: [] } });
    expect(empty).toMatchObject({ status: 400, body: { message: 'Veuillez entrer au moins un ID affilié valide pour une offre privée' } });
    expect((await h.call('POST', '/offers/validate-affiliates', { token: adminToken, body: { affiliate_ids: ['12'] } })).status).toBe(400);
  });
});

describe('what affiliates see', () => {
  let publicOffer: OfferView;
  let aliceOnly: OfferView;
  let inactive: OfferView;
  beforeAll(async () => {
    publicOffer = await createOffer({ brand_name: 'Public Dating', script_code_sale: '<script src="https://t.example/sale.js"></script>' });
    aliceOnly = await createOffer({ brand_name: 'Alice Only', is_private: 'true', private_affiliate_ids: [alice.uniqueId] });
    inactive = await createOffer({ brand_name: 'Sleeping', status: 'inactive' });
  });

  it('lists active public offers and the private ones reserved for them, with the script of their payment type', async () => {
    const mine = (await h.call<AffiliateOfferView[]>('GET', '/affiliate/offers/available', { token: alice.token })).body;
    const ids = mine.map((o) => o.id);
    expect(ids).toEqual(expect.arrayContaining([publicOffer.id, aliceOnly.id]));
    expect(ids).not.toContain(inactive.id);
    const shown = mine.find((o) => o.id === publicOffer.id)!;
    expect(shown).toMatchObject({ unique_id: publicOffer.unique_id, template_count: 1, script_code: '<script src="https://t.example/ppt.js"></script>' });
    expect(shown).not.toHaveProperty('postback_key');
    expect(shown).not.toHaveProperty('private_affiliate_ids');
  });

  it("never shows another affiliate's private offer, through any call", async () => {
    expect((await h.call<AffiliateOfferView[]>('GET', '/affiliate/offers/available', { token: bob.token })).body.map((o) => o.id)).not.toContain(aliceOnly.id);
    for (const [method, apiPath] of [['GET', `/affiliate/offers/${aliceOnly.id}/templates`], ['GET', `/affiliate/offers/trackers/${aliceOnly.id}`], ['PUT', `/affiliate/offers/trackers/${aliceOnly.id}`]] as const) {
      const { status, body } = await h.call(method, apiPath, { token: bob.token, body: method === 'PUT' ? { tracker1: 'x', tracker2: '' } : undefined });
      expect(status, apiPath).toBe(404);
      expect(body.message).toBe('Offre introuvable');
    }
    for (const apiPath of [`/affiliate/offers/${inactive.id}/templates`, `/affiliate/offers/trackers/${inactive.id}`]) {
      expect((await h.call('GET', apiPath, { token: alice.token })).status).toBe(404);
    }
  });

  it('answers the templates of an offer they may see', async () => {
    const { status, body } = await h.call('GET', `/affiliate/offers/${aliceOnly.id}/templates`, { token: alice.token });
    expect(status).toBe(200);
    expect(body).toEqual(aliceOnly.templates);
  });

  it('keeps trackers per affiliate and offer, letters and digits only, 10 at most', async () => {
    expect((await h.call('GET', `/affiliate/offers/trackers/${publicOffer.id}`, { token: alice.token })).body).toEqual({ tracker1: '', tracker2: '' });
    const saved = await h.call('PUT', `/affiliate/offers/trackers/${publicOffer.id}`, { token: alice.token, body: { tracker1: 'fb2026', tracker2: 'Camp1' } });
    expect(saved).toMatchObject({ status: 200, body: { message: 'Trackers mis à jour avec succès', tracker1: 'fb2026', tracker2: 'Camp1' } });
    expect((await h.call('GET', `/affiliate/offers/trackers/${publicOffer.id}`, { token: alice.token })).body).toEqual({ tracker1: 'fb2026', tracker2: 'Camp1' });
    expect((await h.call('GET', `/affiliate/offers/trackers/${publicOffer.id}`, { token: bob.token })).body).toEqual({ tracker1: '', tracker2: '' });
    const before = await h.eventHead();
    for (const body of [{ tracker1: 'fb-2026', tracker2: '' }, { tracker1: 'a'.repeat(11), tracker2: '' }, { tracker1: 'ok', tracker2: 'été' }, { tracker1: 5, tracker2: '' }, {}, { tracker1: 'fb2026' }]) {
      const refused = await h.call('PUT', `/affiliate/offers/trackers/${publicOffer.id}`, { token: alice.token, body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
    expect((await h.call('PUT', `/affiliate/offers/trackers/${publicOffer.id}`, { token: alice.token, body: { tracker1: 'fb2026' } })).body.message).toBe("tracker2 est requis (une chaîne vide l'efface)");
    expect(await h.eventHead()).toBe(before);
    expect((await h.call('GET', `/affiliate/offers/trackers/${publicOffer.id}`, { token: alice.token })).body).toEqual({ tracker1: 'fb2026', tracker2: 'Camp1' });
    const cleared = await h.call('PUT', `/affiliate/offers/trackers/${publicOffer.id}`, { token: alice.token, body: { tracker1: 'fb2026', tracker2: null } });
    expect(cleared.body).toMatchObject({ tracker1: 'fb2026', tracker2: '' });
  });

  it('gives the same offers and trackers after a replay of every event', async () => {
    const dump = async () => ({
      offers: (await h.db.pool.query('SELECT * FROM rm_offers ORDER BY id')).rows,
      trackers: (await h.db.pool.query('SELECT * FROM rm_offer_trackers ORDER BY id')).rows,
    });
    const before = await dump();
    expect(before.offers.length).toBeGreaterThan(5);
    expect(before.trackers.length).toBeGreaterThan(0);
    await rebuildReadModels({ eventStore: h.server.deps.eventStore, pool: h.db.pool, processors: [offersProjection, offerTrackersProjection] });
    expect(await dump()).toEqual(before);
  });
});

describe('GET /affiliate/stats/ppt-info', () => {
  it('gives the standard rate of the payment type to an affiliate without a variant, with no conversions yet', async () => {
    const { status, body } = await h.call<PptInfo>('GET', '/affiliate/stats/ppt-info', { token: alice.token });
    expect(status).toBe(200);
    expect(body).toEqual({ type: 'standard', variant_name: null, is_evolutionary: false, amount: '20.00', total_essays: 0, global_essays: 0, current_tier: null, tiers: [] });
  });

  it("gives an evolutionary variant's tiers, the current tier from this week's conversions, and its rate", async () => {
    const variantId = randomUUID();
    const created: VariantEvent = {
      type: 'PaymentVariantCreated',
      data: { variant_id: variantId, payment_type: 'sale', name: 'Gold', base_amount_cents: 2000, is_evolutionary: true, tiers: [
        { tier_level: 1, min_sales: 0, max_sales: 199, amount_cents: 2000 }, { tier_level: 2, min_sales: 200, max_sales: null, amount_cents: 2550 },
      ] },
    };
    const { position } = await h.server.deps.eventStore.append(paymentVariantStream(variantId), toNewEvents([created], systemContext(new Date())), { expectedRevision: 'no_stream' });
    await h.server.deps.readModels.waitFor(position);
    await h.recordAccountEvent(bob.id, { type: 'PaymentSettingsChanged', data: { payment_type: 'sale', variant_id: variantId } });
    const info = async () => (await h.call<PptInfo>('GET', '/affiliate/stats/ppt-info', { token: bob.token })).body;
    expect(await info()).toEqual({
      type: 'variant', variant_name: 'Gold', is_evolutionary: true, amount: '20.00', total_essays: 0, global_essays: 0, current_tier: 1,
      tiers: [{ tier_level: 1, min_sales: 0, max_sales: 199, amount: '20.00' }, { tier_level: 2, min_sales: 200, max_sales: null, amount: '25.50' }],
    });
    // The statistics as figures leave them: 230 bills today (this week), 20 the week before.
    const { addDaysTo, dayOf } = await import('../time/calendar');
    const today = dayOf(new Date());
    const lastWeek = addDaysTo(today, -7);
    await h.db.pool.query('INSERT INTO rm_affiliate_days (user_id, day, essay, bill) VALUES ($1, $2, 3, 230), ($1, $3, 0, 20)', [bob.id, today, lastWeek]);
    await h.db.pool.query("INSERT INTO rm_affiliate_months (user_id, month, essay, bill) VALUES ($1, date_trunc('month', $2::date), 3, 230), ($1, date_trunc('month', $3::date) - interval '1 year', 0, 20)", [bob.id, today, lastWeek]);
    expect(await info()).toMatchObject({ total_essays: 230, global_essays: 250, current_tier: 2, amount: '25.50' });
  });
});

describe('who may call what', () => {
  let offerId: string;
  beforeAll(async () => {
    offerId = (await createOffer()).id;
  });
  const adminCalls = () => [
    ['GET', '/offers'], ['GET', `/offers/${offerId}`], ['POST', '/offers'], ['PUT', `/offers/${offerId}`], ['DELETE', `/offers/${offerId}`],
    ['POST', '/offers/validate-affiliates'], ['POST', '/offers/upload-template-image'], ['POST', `/offers/${offerId}/rotate-postback-key`],
  ] as const;
  const affiliateCalls = () => [
    ['GET', '/affiliate/offers/available'], ['GET', `/affiliate/offers/${offerId}/templates`], ['GET', `/affiliate/offers/trackers/${offerId}`],
    ['PUT', `/affiliate/offers/trackers/${offerId}`], ['GET', '/affiliate/stats/ppt-info'],
  ] as const;

  it('refuses the back-office calls to anonymous visitors (401) and to affiliates, verified or not, frozen or not (403), recording nothing', async () => {
    const before = await h.eventHead();
    for (const [method, apiPath] of adminCalls()) {
      const body = method === 'GET' ? undefined : {};
      expect((await h.call(method, apiPath, { body })).status, `${method} ${apiPath}`).toBe(401);
      for (const who of [alice, unverified, frozen]) {
        const answer = await h.call(method, apiPath, { token: who.token, body });
        expect(answer.status, `${method} ${apiPath}`).toBe(403);
      }
    }
    const upload = await multipart('POST', '/offers/upload-template-image', { token: alice.token, files: [{ field: 'template_image', bytes: pngImage(5, 5) }] });
    expect(upload.status).toBe(403);
    expect((await multipart('POST', '/offers', { token: null, fields: offerFields() })).status).toBe(401);
    expect(await h.eventHead()).toBe(before);
    expect((await h.call('GET', `/offers/${offerId}`, { token: adminToken })).status).toBe(200);
  });

  it('refuses the affiliate calls to anonymous visitors, admins, unverified and frozen affiliates', async () => {
    for (const [method, apiPath] of affiliateCalls()) {
      const body = method === 'PUT' ? { tracker1: 'a', tracker2: 'b' } : undefined;
      expect((await h.call(method, apiPath, { body })).status).toBe(401);
      expect((await h.call(method, apiPath, { token: adminToken, body })).status).toBe(403);
      expect((await h.call(method, apiPath, { token: unverified.token, body })).body.message).toBe('Email verification required');
      expect((await h.call(method, apiPath, { token: frozen.token, body })).body.message).toBe('Account frozen');
      expect((await h.call(method, apiPath, { token: alice.token, body })).status, `${method} ${apiPath}`).toBe(200);
    }
  });
});
