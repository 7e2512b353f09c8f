import express, { Router } from 'express';
import type { Feature } from '../feature';
import { auditApi } from './api';
import { auditEventsProjection } from './eventIndex/projection';
import { auditFiguresProjection } from './figureSources/projection';
import { auditViewsProjection } from './views/projection';

/** The largest signed summary checked: some 300,000 invoices. */
const SUMMARY_MAX_BYTES = '64mb';

/**
 * The auditor's part (issue 11): the audit calls, the indexes of the log they read (an affiliate's
 * events, the figures behind each day), and the trail of the audit's own views. It rebuilds the
 * other features' read models to verify them, so it is given the list of features.
 */
export const auditFeature = (features: () => readonly Feature[]): Feature => ({
  name: 'audit',
  api: (deps) => auditApi(deps, features()),
  // A signed summary lists every invoice and credit note: larger than the API's usual 100 kB, so
  // its check reads the body itself, once the caller is known to be of the back office.
  rawBodyApi: (deps) => Router().post('/audit/summary/check', deps.auth.backOffice, express.json({ limit: SUMMARY_MAX_BYTES })),
  projections: [auditEventsProjection, auditFiguresProjection, auditViewsProjection],
});
