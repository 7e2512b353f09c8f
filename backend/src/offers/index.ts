import { Router } from 'express';
import type { Feature } from '../feature';
import { affiliateOffersApi } from './affiliateApi';
import { offersApi } from './api';
import { offersProjection } from './offerList/projection';
import { offerTrackersProjection } from './offerTrackers/projection';

/** Offers: the back office writes them (images, templates, private lists, postback keys), affiliates read the ones they may see and keep trackers. */
export const offers: Feature = {
  name: 'offers',
  api: (deps) => Router().use(offersApi(deps), affiliateOffersApi(deps)),
  projections: [offersProjection, offerTrackersProjection],
};
