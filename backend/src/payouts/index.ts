import { Router } from 'express';
import type { Feature } from '../feature';
import { adminPaymentsApi, affiliatePaymentsApi } from './api';
import { balancesProjection } from './balances/projection';
import { payoutCreditNotes } from './creditNotes';
import { payoutInvoices } from './invoices';
import { payoutJobs } from './jobs';
import { ledgerPosting } from './ledgerPosting';
import { payoutMails } from './payoutMails';
import { payoutListProjection } from './payoutList/projection';
import { writeOffsProjection } from './writeOffs/projection';

/**
 * Weekly payouts (issue 10): each affiliate's ledger (`ledger-<user>`), payouts per affiliate and
 * week (`payout-<user>-<week>`) with their invoices, referral commissions, dormancy, the three money
 * jobs and the payments calls of both areas.
 */
export const payouts: Feature = {
  name: 'payouts',
  api: (deps) => Router().use(affiliatePaymentsApi(deps), adminPaymentsApi(deps)),
  projections: [payoutListProjection, balancesProjection, writeOffsProjection],
  reactors: (deps) => [ledgerPosting(deps), payoutInvoices(deps), payoutCreditNotes(deps), payoutMails(deps)],
  jobs: payoutJobs,
};
