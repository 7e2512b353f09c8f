import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { centsToDecimal, type AuditSignedSummary } from '@affilux/contract';
import type pg from 'pg';
import { positionToString, type EventStore } from '../eventstore/eventStore';
import type { EventProcessor } from '../processing/processor';
import { readModelTables } from './verify';

/**
 * The key of the signed summaries: AUDIT_SECRET, else `audit-secret` in the data folder (made at the
 * first use, like `jwt-secret`). A key of its own, so that rotating the sign-in key never voids the
 * summaries auditors keep.
 */
export async function loadAuditSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'audit-secret');
  try {
    return (await fs.readFile(file, 'utf8')).trim();
  } catch {
    await fs.mkdir(dataDir, { recursive: true });
    await fs.writeFile(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' }).catch(() => undefined);
    return (await fs.readFile(file, 'utf8')).trim();
  }
}

/** JSON with keys sorted at every level: the same content always gives the same bytes. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value).sort().filter((k) => (value as Record<string, unknown>)[k] !== undefined).map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

type Unsigned = Omit<AuditSignedSummary, 'digest' | 'signature'>;
const digestOf = (content: Unsigned) => createHash('sha256').update(canonicalJson(content)).digest('hex');
const sign = (digest: string, secret: string) => createHmac('sha256', secret).update(digest).digest('hex');

/** Whether a kept summary is the one this server signed: its digest matches its content and its signature the digest. */
export function checkSummary(summary: AuditSignedSummary, secret: string): boolean {
  const { digest, signature, ...content } = summary;
  if (typeof digest !== 'string' || typeof signature !== 'string' || digestOf(content) !== digest) return false;
  const expected = Buffer.from(sign(digest, secret), 'hex');
  const given = Buffer.from(signature, 'hex');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The summary an auditor keeps: the log's head and the number of events the audit indexes, each read model table's
 * rows hashed (SHA-256 of its rows as JSON, sorted), every invoice's number and hash, the total
 * paid; digested (SHA-256 of the canonical JSON) and signed (HMAC-SHA256 with the audit key).
 */
export async function signedSummary(deps: { pool: pg.Pool; eventStore: EventStore }, projections: EventProcessor[], secret: string, now: Date): Promise<AuditSignedSummary> {
  const head = await deps.eventStore.headPosition();
  const { rows: counted } = await deps.pool.query<{ events: number }>("SELECT count(*)::int AS events FROM rm_audit_events");
  const tables: AuditSignedSummary['tables'] = [];
  for (const { table } of readModelTables(projections)) {
    const { rows } = await deps.pool.query<{ rows: number; sha256: string }>(
      `SELECT count(*)::int AS rows, encode(sha256(convert_to(coalesce(string_agg(r, E'\\n' ORDER BY r), ''), 'UTF8')), 'hex') AS sha256
         FROM (SELECT to_jsonb(t)::text AS r FROM "${table}" t) x`,
    );
    tables.push({ table, rows: rows[0]!.rows, sha256: rows[0]!.sha256 });
  }
  const { rows: invoices } = await deps.pool.query<{ payout_id: string; number: number; sha256: string }>('SELECT payout_id::text, number, sha256 FROM payout_invoices ORDER BY number');
  const { rows: creditNotes } = await deps.pool.query<{ payout_id: string; number: number; sha256: string }>('SELECT payout_id::text, number, sha256 FROM payout_credit_notes ORDER BY number');
  const { rows: paid } = await deps.pool.query<{ total: string }>("SELECT coalesce(sum(amount_cents), 0)::text AS total FROM rm_payouts WHERE status <> 'failed'");
  const content: Unsigned = {
    generated_at: now.toISOString(), position: positionToString(head), events: counted[0]!.events, tables, invoices, credit_notes: creditNotes,
    payouts_total: centsToDecimal(Number(paid[0]!.total)), algorithm: 'HMAC-SHA256',
  };
  const digest = digestOf(content);
  return { ...content, digest, signature: sign(digest, secret) };
}
