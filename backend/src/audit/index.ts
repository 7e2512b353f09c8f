import type { Feature } from '../feature';
import { auditApi } from './api';
import { auditEventsProjection } from './eventIndex/projection';
import { auditFiguresProjection } from './figureSources/projection';
import { auditViewsProjection } from './views/projection';

/**
 * The auditor's part (issue 11): the audit calls, the indexes of the log they read (an affiliate's
 * events, the figures behind each day), and the trail of the audit's own views. It rebuilds the
 * other features' read models to verify them, so it is given the list of features.
 */
export const auditFeature = (features: () => readonly Feature[]): Feature => ({
  name: 'audit',
  api: (deps) => auditApi(deps, features()),
  projections: [auditEventsProjection, auditFiguresProjection, auditViewsProjection],
});
