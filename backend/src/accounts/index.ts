import type { Feature } from '../feature';
import { accountApi } from './api';
import { accountUpcasters } from './events';
import { usersProjection } from './users/projection';

/** Accounts: the `user-<id>` streams (one decider, account.ts) and the users read model. */
export const accounts: Feature = {
  name: 'accounts',
  api: accountApi,
  projections: [usersProjection],
  upcasters: accountUpcasters,
};
