import { OFFER_MESSAGES } from '@affilux/contract';
import { Router, type Request } from 'express';
import { z } from 'zod';
import { handleCommand } from '../eventstore/commands';
import type { AppDeps } from '../feature';
import { notFound } from '../http/errors';
import { requestContext } from '../http/requestContext';
import { parse } from '../http/validate';
import { currentUser } from '../identity/authMiddleware';
import { trackersStream } from './events';
import { offersVisibleTo, offerVisibleTo } from './offerList/queries';
import { trackersOf } from './offerTrackers/queries';
import { trackersSchema } from './rules';
import { trackersDecider } from './trackers';

const uuid = z.string().uuid();

/**
 * The affiliate's offers: only active ones, public or reserved for them. Every call answers 404 for
 * an offer they may not see, exactly as for one that does not exist.
 */
export function affiliateOffersApi(deps: Pick<AppDeps, 'pool' | 'eventStore' | 'readModels' | 'auth' | 'clock'>) {
  const router = Router();
  const { affiliate } = deps.auth;

  const me = (req: Request) => {
    const user = currentUser(req);
    return { id: user.id, unique_id: user.unique_id ?? -1, payment_type: user.payment_type };
  };
  async function visibleOffer(req: Request) {
    const offer = uuid.safeParse(req.params.offerId).success ? await offerVisibleTo(deps.pool, me(req), String(req.params.offerId)) : null;
    if (!offer) throw notFound(OFFER_MESSAGES.offerNotFound);
    return offer;
  }

  router.get('/affiliate/offers/available', affiliate, async (req, res) => {
    res.json(await offersVisibleTo(deps.pool, me(req)));
  });

  router.get('/affiliate/offers/trackers/:offerId', affiliate, async (req, res) => {
    const offer = await visibleOffer(req);
    res.json(await trackersOf(deps.pool, me(req).id, offer.id));
  });

  router.put('/affiliate/offers/trackers/:offerId', affiliate, async (req, res) => {
    const offer = await visibleOffer(req);
    const { tracker1, tracker2 } = parse(trackersSchema, req.body);
    const userId = me(req).id;
    await handleCommand(deps, trackersDecider, trackersStream(userId, offer.id), { type: 'SetTrackers', userId, offerId: offer.id, tracker1, tracker2 }, requestContext(req, deps.clock()));
    res.json({ message: 'Trackers mis à jour avec succès', ...(await trackersOf(deps.pool, userId, offer.id)) });
  });

  router.get('/affiliate/offers/:offerId/templates', affiliate, async (req, res) => {
    res.json((await visibleOffer(req)).templates);
  });

  return router;
}
