import type pg from 'pg';
import type { VariantVersionRow } from './schema';

/** Every version of a variant, oldest first. */
export async function variantVersions(pool: pg.Pool, variantId: string): Promise<VariantVersionRow[]> {
  const { rows } = await pool.query<VariantVersionRow>('SELECT * FROM rm_payment_variant_versions WHERE variant_id = $1 ORDER BY version', [variantId]);
  return rows;
}

/** The version of a variant in force at `at`, or null if the variant did not exist yet. */
export async function variantVersionAt(pool: pg.Pool, variantId: string, at: Date): Promise<VariantVersionRow | null> {
  const { rows } = await pool.query<VariantVersionRow>(
    'SELECT * FROM rm_payment_variant_versions WHERE variant_id = $1 AND effective_at <= $2 ORDER BY version DESC LIMIT 1',
    [variantId, at],
  );
  return rows[0] ?? null;
}

/** The current version number of each of these variants (1 = never edited). */
export async function currentVersions(pool: pg.Pool, variantIds: readonly string[]): Promise<Map<string, number>> {
  if (variantIds.length === 0) return new Map();
  const { rows } = await pool.query<{ variant_id: string; version: number }>(
    'SELECT variant_id, max(version)::int AS version FROM rm_payment_variant_versions WHERE variant_id = ANY($1::uuid[]) GROUP BY variant_id',
    [variantIds],
  );
  return new Map(rows.map((r) => [r.variant_id, r.version]));
}
