import type { Feature } from '../feature';
import { variantsApi } from './api';
import { standardRatesProjection } from './standardRates/projection';
import { variantVersionsProjection } from './variantVersions/projection';
import { paymentVariantsProjection } from './variantList/projection';

/** Payment variants (named PPT and SALE rates, fixed or in weekly tiers, every edit a version) and the network's standard rates. */
export const variants: Feature = {
  name: 'variants',
  api: variantsApi,
  projections: [paymentVariantsProjection, variantVersionsProjection, standardRatesProjection],
};
