import type { Feature } from '../feature';
import { figuresApi, figuresIntakeApi } from './api';
import { statsImportsProjection } from './importHistory/projection';
import { statisticsProjection } from './statistics/projection';

/** Figures coming in (daily statistics imports and postbacks) and the statistics read models. */
export const figures: Feature = {
  name: 'figures',
  api: figuresApi,
  rawBodyApi: figuresIntakeApi,
  projections: [statisticsProjection, statsImportsProjection],
};
