import type { Feature } from '../feature';
import { paymentVariantsProjection } from './variantList/projection';

/** Payment variants: named PPT and SALE rates, fixed or in weekly tiers. */
export const variants: Feature = {
  name: 'variants',
  projections: [paymentVariantsProjection],
};
