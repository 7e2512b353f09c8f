import { Router } from 'express';
import type { Feature } from '../feature';
import { adminUsersApi } from './adminApi';
import { accountApi } from './api';
import { accountUpcasters } from './events';
import { ratePeriodsProjection } from './ratePeriods/projection';
import { usersProjection } from './users/projection';

/**
 * Accounts: the `user-<id>` streams (one decider, account.ts), the users and rate periods read
 * models, the affiliate's own account calls and the back office's users administration.
 */
export const accounts: Feature = {
  name: 'accounts',
  api: (deps) => Router().use(accountApi(deps), adminUsersApi(deps)),
  projections: [usersProjection, ratePeriodsProjection],
  upcasters: accountUpcasters,
};
