import type { Feature } from '../feature';
import { managersProjection } from './managerList/projection';

/** Managers: the contact persons assigned to affiliates. */
export const managers: Feature = {
  name: 'managers',
  projections: [managersProjection],
};
