import type { Feature } from '../feature';
import { compensationApi } from './api';
import { weeklyConversionsProjection } from './weeklyConversions/projection';

/** What an affiliate earns per conversion (payment settings, variant tiers, standard rate) and the conversions counted for tiers. */
export const compensation: Feature = {
  name: 'compensation',
  api: compensationApi,
  projections: [weeklyConversionsProjection],
};
