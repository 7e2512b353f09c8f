import {
  formatAffiliateId,
  type AuditAsOf,
  type AuditEventKind,
  type AuditEventsPage,
  type AuditorInvited,
  type AuditorView,
  type AuditPayoutExplanation,
  type AuditRateChangesPage,
  type AuditSignedSummary,
  type AuditVerifyReport,
} from '@affilux/contract';
import { callApi, useGuardedApi } from '../providers/guardedApi';
import { fetchFile, saveFile } from '../providers/files';

/** The audit screens' query keys start with this. */
export const AUDIT_QUERY = 'audit';
export const AUDIT_PAGE_SIZE = 50;

const affiliate = (userId: string) => `/audit/affiliates/${encodeURIComponent(userId)}`;
const payout = (paymentId: string) => `/audit/payouts/${encodeURIComponent(paymentId)}`;
const kindsQuery = (kinds: readonly AuditEventKind[]) => (kinds.length ? `kind=${kinds.join(',')}` : '');
const idOf = (uniqueId: number | null) => (uniqueId === null ? 'unknown' : formatAffiliateId(uniqueId));
/** The summaries' language: the back office's. */
const langQuery = (locale: string) => `lang=${locale === 'en' ? 'en' : 'fr'}`;

export type AuditorInput = { email: string; first_name: string; last_name: string };

/** The audit calls (contract/src/audit.ts): reads for admins and auditors; inviting an auditor is an admin's. */
const auditCalls = {
  getEvents: (userId: string, kinds: readonly AuditEventKind[], offset: number, locale: string) =>
    callApi<AuditEventsPage>('GET', `${affiliate(userId)}/events?${[kindsQuery(kinds), langQuery(locale), `offset=${offset}`, `limit=${AUDIT_PAGE_SIZE}`].filter(Boolean).join('&')}`),
  /** The whole history (every page) as CSV: audit_<affiliate id>_events.csv. */
  exportEvents: async (userId: string, uniqueId: number | null, kinds: readonly AuditEventKind[], locale: string) => {
    saveFile(await fetchFile(`${affiliate(userId)}/events/export?${[kindsQuery(kinds), langQuery(locale)].filter(Boolean).join('&')}`), `audit_${idOf(uniqueId)}_events.csv`);
  },
  getAsOf: (userId: string, at: string) => callApi<AuditAsOf>('GET', `${affiliate(userId)}/as-of?at=${encodeURIComponent(at)}`),
  getPayout: (paymentId: string) => callApi<AuditPayoutExplanation>('GET', payout(paymentId)),
  /** The explanation as CSV: audit_payout_<affiliate id>_<week>.csv. */
  exportPayout: async (explanation: Pick<AuditPayoutExplanation, 'payout_id' | 'unique_id' | 'week'>) => {
    saveFile(await fetchFile(`${payout(explanation.payout_id)}/export`), `audit_payout_${idOf(explanation.unique_id)}_${explanation.week}.csv`);
  },
  /** Every rate change, or an affiliate's: its own and those of its variant and standard rate that started one of its rate periods. */
  getRateChanges: (offset: number, userId: string | null, locale: string) =>
    callApi<AuditRateChangesPage>('GET', `/audit/rate-changes?${userId ? `user_id=${userId}&` : ''}${langQuery(locale)}&offset=${offset}&limit=${AUDIT_PAGE_SIZE}`),
  verify: () => callApi<AuditVerifyReport>('POST', '/audit/verify'),
  /** The signed summary (log position, tables' and invoices' hashes), kept as audit_summary_<date>.json. */
  downloadSummary: async () => {
    const summary = await callApi<AuditSignedSummary>('GET', '/audit/summary');
    const blob = new Blob([`${JSON.stringify(summary, null, 2)}\n`], { type: 'application/json' });
    saveFile(blob, `audit_summary_${summary.generated_at.slice(0, 19).replace(/:/g, '-')}.json`);
    return summary;
  },
  getAuditors: () => callApi<AuditorView[]>('GET', '/admin/auditors'),
  inviteAuditor: (input: AuditorInput) => callApi<AuditorInvited>('POST', '/admin/auditors', input),
};

export const useAuditCalls = () => useGuardedApi(auditCalls);
