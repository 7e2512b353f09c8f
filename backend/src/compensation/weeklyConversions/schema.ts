import type { TableDefinition } from '../../processing/processor';

/**
 * rm_weekly_conversions: an affiliate's essays and bills per ISO week (Europe/Paris), what tiers
 * are counted on. Written by the figures that come in (statistics import and postbacks, next
 * feature); empty until then.
 */
export const weeklyConversionsTable: TableDefinition = {
  name: 'rm_weekly_conversions',
  ddl: `CREATE TABLE rm_weekly_conversions (
    id       uuid    PRIMARY KEY,
    user_id  uuid    NOT NULL,
    iso_week text    NOT NULL,
    essays   integer NOT NULL DEFAULT 0,
    bills    integer NOT NULL DEFAULT 0,
    UNIQUE (user_id, iso_week)
  )`,
};

/** `id` is made of the affiliate and the week (like every read model's rows, for dumps and replays). */
export type WeeklyConversionsRow = { id: string; user_id: string; iso_week: string; essays: number; bills: number };
