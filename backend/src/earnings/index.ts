import type { Feature } from '../feature';
import { dayEarningsProjection } from './dayEarnings/projection';
import { pricing } from './pricing';

/** What figures earn: the rate engine, the pricing reactor and each affiliate-week's earnings stream. */
export const earnings: Feature = {
  name: 'earnings',
  projections: [dayEarningsProjection],
  reactors: (deps) => [pricing(deps)],
};
