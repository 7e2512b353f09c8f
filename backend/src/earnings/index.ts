import type { Feature } from '../feature';
import { dayEarningsProjection } from './dayEarnings/projection';
import { earningsUpcasters } from './events';
import { pricing } from './pricing';
import { weekClosesProjection } from './weekCloses/projection';

/** What figures earn: the rate engine, the pricing reactor and each affiliate-week's earnings stream, closed on the Tuesday after the week. */
export const earnings: Feature = {
  name: 'earnings',
  projections: [dayEarningsProjection, weekClosesProjection],
  reactors: (deps) => [pricing(deps)],
  upcasters: earningsUpcasters,
};
