import { randomUUID } from 'node:crypto';
import { formatAffiliateId, OFFER_MESSAGES } from '@affilux/contract';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { holdingLock } from '../db/transaction';
import { handleCommand } from '../eventstore/commands';
import { affiliatesByUniqueIds } from '../accounts/users/queries';
import type { AppDeps } from '../feature';
import { currentUser } from '../identity/authMiddleware';
import { badRequest, conflict, notFound, STALE_FORM } from '../http/errors';
import { parseListQuery, sendList } from '../http/listQuery';
import { requestContext } from '../http/requestContext';
import { expectedRevisionOf, parse } from '../http/validate';
import { multipartImage, receivedImage } from '../uploads/multipart';
import { discardImage, existingUploads, saveImage } from '../uploads/store';
import { offerStream } from './events';
import { normalizeOffer, offerDecider, type OfferCommand, type OfferFields } from './offer';
import { findOffer, listOffers, OFFER_SORTS } from './offerList/queries';
import { dropPostbackKey, postbackKeyOf, rotatePostbackKey } from './postbackKeys';
import { offerFormSchema, validateAffiliatesSchema, type OfferForm } from './rules';

type Deps = Pick<AppDeps, 'pool' | 'eventStore' | 'readModels' | 'auth' | 'clock' | 'config'>;

const uuid = z.string().uuid();

/** The back office's offers: list, detail (with the postback key for admins), create, update, delete, affiliate checks, template images. */
export function offersApi(deps: Deps) {
  const router = Router();
  const { admin, backOffice } = deps.auth;
  const files = { pool: deps.pool, dataDir: deps.config.dataDir };
  const decide = (req: Request, offerId: string, command: OfferCommand, seenRevision = expectedRevisionOf(req.body)) =>
    handleCommand(deps, offerDecider, offerStream(offerId), command, requestContext(req, deps.clock()), { seenRevision });

  /** The names ("First Last") of the affiliates among `ids`. */
  const affiliateNames = async (ids: number[]) =>
    new Map((await affiliatesByUniqueIds(deps.pool, ids)).map((a) => [a.unique_id, `${a.first_name} ${a.last_name}`.trim()]));

  /** Every private affiliate must exist; every template image must be an uploaded template image. */
  async function checkReferences(form: OfferForm): Promise<void> {
    if (form.is_private) {
      const found = await affiliateNames(form.private_affiliate_ids);
      const unknown = form.private_affiliate_ids.filter((id) => !found.has(id));
      if (unknown.length) {
        throw badRequest(OFFER_MESSAGES.fixAffiliateErrors, [{ field: 'private_affiliate_ids', msg: `${OFFER_MESSAGES.unknownAffiliates} : ${unknown.map(formatAffiliateId).join(', ')}` }]);
      }
    }
    const images = form.templates.map((t) => t.template_image).filter((n): n is string => n !== null);
    const known = await existingUploads(deps.pool, images, 'template_image');
    form.templates.forEach((t, index) => {
      if (t.template_image !== null && !known.has(t.template_image)) {
        throw badRequest('Image de template inconnue : téléversez-la d’abord', [{ field: `templates.${index}.template_image`, msg: 'Image de template inconnue' }]);
      }
    });
  }

  const fieldsOf = ({ brand_image: _ignored, templates, ...form }: OfferForm, brandImage: string | null): OfferFields => ({
    ...form,
    brand_image: brandImage,
    templates: templates.map((template, index) => ({ id: index + 1, ...template })),
  });

  router.get('/offers', backOffice, async (req, res) => {
    const query = parseListQuery(req, { sortable: OFFER_SORTS, defaultSort: ['unique_id', 'DESC'] });
    const { rows, total } = await listOffers(deps.pool, query);
    sendList(res, 'offers', query, rows, total);
  });

  router.post('/offers/validate-affiliates', admin, async (req, res) => {
    const { affiliate_ids } = parse(validateAffiliatesSchema, req.body);
    const ids = [...new Set(affiliate_ids)];
    const found = await affiliateNames(ids);
    const affiliates = ids.filter((id) => found.has(id)).map((id) => ({ unique_id: id, name: found.get(id)! }));
    const unknown = ids.filter((id) => !found.has(id));
    if (unknown.length) {
      res.json({ valid: false, message: `${OFFER_MESSAGES.unknownAffiliates} : ${unknown.map(formatAffiliateId).join(', ')}`, invalid_ids: unknown, affiliates });
      return;
    }
    res.json({ valid: true, affiliates });
  });

  router.post('/offers/upload-template-image', admin, ...multipartImage('template_image'), async (req, res) => {
    const received = receivedImage(req);
    if (!received) throw badRequest('Aucune image reçue', [{ field: 'template_image', msg: 'Aucune image reçue' }]);
    const stored = await saveImage(files, received.bytes, received.image, 'template_image', currentUser(req).id);
    res.status(201).json({ message: 'Image téléversée avec succès', filename: stored.name, width: stored.width, height: stored.height });
  });

  router.get('/offers/:id', backOffice, async (req, res) => {
    const offer = await existingOffer(req.params.id);
    const withKey = currentUser(req).role === 'admin' ? { postback_key: await postbackKeyOf(deps.pool, offer.id) } : {};
    res.json({ ...offer, ...withKey });
  });

  router.post('/offers', admin, ...multipartImage('brand_image'), async (req, res) => {
    const form = parse(offerFormSchema, req.body);
    // A new offer has no revision a form could have been filled from.
    if (expectedRevisionOf(req.body) !== undefined) throw conflict(STALE_FORM);
    const received = receivedImage(req);
    await checkReferences(form);
    // Every rule is checked before anything is stored or an id is taken: a refused offer uses up nothing.
    normalizeOffer(fieldsOf(form, null));
    const offerId = randomUUID();
    const brandImage = received ? (await saveImage(files, received.bytes, received.image, 'brand_image', currentUser(req).id)).name : null;
    try {
      const { rows } = await deps.pool.query<{ id: number }>("SELECT nextval('offer_unique_id_seq')::int AS id");
      const uniqueId = rows[0]!.id;
      await decide(req, offerId, { type: 'CreateOffer', offerId, uniqueId, fields: fieldsOf(form, brandImage) });
      await postbackKeyOf(deps.pool, offerId);
      const offer = await findOffer(deps.pool, offerId);
      res.status(201).json({ message: `Offre ${formatAffiliateId(uniqueId)} créée avec succès`, id: offerId, unique_id: uniqueId, offer });
    } catch (error) {
      if (brandImage) await discardImage(files, brandImage);
      throw error;
    }
  });

  router.put('/offers/:id', admin, ...multipartImage('brand_image'), async (req, res) => {
    const current = await existingOffer(req.params.id);
    const form = parse(offerFormSchema, req.body);
    // Read with the rest of the form: a malformed one is refused before any image is stored.
    const seenRevision = expectedRevisionOf(req.body);
    const received = receivedImage(req);
    if (!received && form.brand_image !== undefined && form.brand_image !== '' && form.brand_image !== current.brand_image) {
      const message = 'Image de marque inconnue : envoyez le fichier';
      throw badRequest(message, [{ field: 'brand_image', msg: message }]);
    }
    await checkReferences(form);
    normalizeOffer(fieldsOf(form, null));
    const brandImage = received
      ? (await saveImage(files, received.bytes, received.image, 'brand_image', currentUser(req).id)).name
      : form.brand_image === '' ? null : current.brand_image;
    try {
      await decide(req, current.id, { type: 'UpdateOffer', fields: fieldsOf(form, brandImage) }, seenRevision);
    } catch (error) {
      if (received && brandImage) await discardImage(files, brandImage);
      throw error;
    }
    res.json({ message: 'Offre mise à jour avec succès', offer: await findOffer(deps.pool, current.id) });
  });

  router.delete('/offers/:id', admin, async (req, res) => {
    const offer = await existingOffer(req.params.id);
    // The offer's event and its key's row change together, never interleaved with a rotation (which would leave a key behind).
    await holdingLock(deps.pool, `offer-key:${offer.id}`, async () => {
      await decide(req, offer.id, { type: 'DeleteOffer' });
      await dropPostbackKey(deps.pool, offer.id);
    });
    res.json({ message: 'Offre supprimée avec succès', id: offer.id });
  });

  router.post('/offers/:id/rotate-postback-key', admin, async (req, res) => {
    const offer = await existingOffer(req.params.id);
    const key = await holdingLock(deps.pool, `offer-key:${offer.id}`, async () => {
      await decide(req, offer.id, { type: 'RotatePostbackKey' });
      return rotatePostbackKey(deps.pool, offer.id);
    });
    res.json({ message: 'Clé de postback renouvelée', postback_key: key, revision: (await findOffer(deps.pool, offer.id))?.revision });
  });

  async function existingOffer(raw: unknown) {
    const offer = uuid.safeParse(raw).success ? await findOffer(deps.pool, String(raw)) : null;
    if (!offer) throw notFound(OFFER_MESSAGES.offerNotFound);
    return offer;
  }

  return router;
}

