import type { Feature } from '../feature';
import { compensationApi } from './api';

/** What an affiliate earns per conversion (payment settings, variant tiers, standard rate), with this week's tier. */
export const compensation: Feature = {
  name: 'compensation',
  api: compensationApi,
};
