import type { Feature } from '../feature';
import { managersApi } from './api';
import { managerRelease } from './managerRelease';
import { managerPersonalFields } from './events';
import { managersProjection } from './managerList/projection';

/** Managers: the contact persons assigned to affiliates, and what their deletion leads to. */
export const managers: Feature = {
  name: 'managers',
  api: managersApi,
  projections: [managersProjection],
  reactors: (deps) => [managerRelease(deps)],
  personalFields: managerPersonalFields,
};
