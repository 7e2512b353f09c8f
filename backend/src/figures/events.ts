import type { DomainEvent } from '../eventstore/commands';
import type { Day } from '../time/calendar';

/** The four counts brands send, per affiliate, day, offer and tracker pair. */
export type Counts = { click: number; registered: number; essay: number; bill: number };
export const COUNT_FIELDS = ['click', 'registered', 'essay', 'bill'] as const;

/**
 * Where a row of figures belongs: an affiliate's day, an offer ('' for figures sent without an offer,
 * as `globals`), and a tracker pair ('' and '' for the offer's default row: its totals less what its
 * trackers account for).
 */
export type FigureKey = { user_id: string; day: Day; offer_id: string; s1: string; s2: string };

/** A row whose counts changed: the counts now, and the difference from what was known. */
export type FigureChange = FigureKey & Counts & { delta: Counts };

export type ImportSender = { kind: 'admin'; user_id: string } | { kind: 'api_key'; key_id: string; name: string };

/**
 * Events of `stats-import-<id>`: a file of daily statistics. Its changes are recorded in chunks and
 * count only once the import is completed, so a file is taken whole or not at all (an import cut
 * short by a crash has no completion and changes nothing). A day sent again replaces that day: only
 * the rows that differ from what was known are recorded, and a file identical to what is known
 * records no stream at all.
 */
export type StatsImportEvent =
  | DomainEvent<'StatsImportStarted', { import_id: string; file_name: string | null; rows_received: number; sender: ImportSender }>
  | DomainEvent<'FiguresImported', { import_id: string; chunk: number; rows: FigureChange[] }>
  | DomainEvent<'StatsImportCompleted', { import_id: string; rows_changed: number; days_changed: number; affiliates: number }>
  /** Recorded by the next import when a process died before completing this one: its chunks never count. */
  | DomainEvent<'StatsImportAbandoned', { import_id: string }>;

export const statsImportStream = (importId: string) => `stats-import-${importId}`;

export const CONVERSION_KINDS = ['click', 'registration', 'essay', 'bill'] as const;
export type ConversionKind = (typeof CONVERSION_KINDS)[number];
/** The count a postback kind moves. */
export const COUNT_OF_KIND: Record<ConversionKind, keyof Counts> = { click: 'click', registration: 'registered', essay: 'essay', bill: 'bill' };

/**
 * Events of `conversion-<offer id>-<kind>-<hash of the transaction id>`: one server-to-server
 * postback. The stream's existence is the unique key that makes a transaction id count once per
 * offer and kind, ever (created with "no stream" expected: a repeat is a conflict, never a double).
 */
export type ConversionEvent =
  | DomainEvent<'ConversionRecorded', FigureKey & { kind: ConversionKind; txid: string }>
  | DomainEvent<'ConversionReversed', FigureKey & { kind: ConversionKind; txid: string }>;

export type FiguresEvent = StatsImportEvent | ConversionEvent;
