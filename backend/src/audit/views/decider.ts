import type { Decider } from '../../eventstore/commands';
import type { AuditViewRecorded } from '../events';

export type RecordView = { type: 'RecordView'; data: AuditViewRecorded['data'] };

/** The one decider of `audit-views-<viewer>-<day>` streams: a view is a fact to record, never refused. */
export const auditViewsDecider: Decider<RecordView, AuditViewRecorded, { views: number }> = {
  initialState: () => ({ views: 0 }),
  evolve: (state) => ({ views: state.views + 1 }),
  decide: (command) => [{ type: 'AuditViewRecorded', data: command.data }],
};
