import { Router } from 'express';
import type { Feature } from '../feature';
import { adminUsersApi } from './adminApi';
import { accountApi } from './api';
import { auditorsApi } from './auditors';
import { accountPersonalFields, accountUpcasters } from './events';
import { ratePeriodsProjection } from './ratePeriods/projection';
import { usersProjection } from './users/projection';

/**
 * Accounts: the `user-<id>` streams (one decider, account.ts), the users and rate periods read
 * models, the affiliate's own account calls, the back office's users administration and its auditors.
 */
export const accounts: Feature = {
  name: 'accounts',
  api: (deps) => Router().use(accountApi(deps), adminUsersApi(deps), auditorsApi(deps)),
  projections: [usersProjection, ratePeriodsProjection],
  upcasters: accountUpcasters,
  personalFields: accountPersonalFields,
};
