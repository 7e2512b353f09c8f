import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ApiKeyOffer, ApiKeyView } from '@affilux/contract';
import type pg from 'pg';
import type { Decider, DomainEvent } from '../eventstore/commands';
import { AppError } from '../http/errors';

/**
 * The keys brands' systems send figures with (`X-Api-Key`), created by an admin for a brand's
 * offers and shown once. Only a hash is kept (in `api_keys`, never in the log); the log records that
 * a key was created or revoked, by whom, its name, visible prefix and offers (none recorded: a key
 * created before keys had offers, which sends figures for every offer).
 */
export type ApiKeyEvent =
  | DomainEvent<'ApiKeyCreated', { key_id: string; name: string; prefix: string; offer_ids?: string[] }>
  | DomainEvent<'ApiKeyRevoked', { key_id: string }>;

export const apiKeyStream = (keyId: string) => `api-key-${keyId}`;

type ApiKey = { status: 'none' | 'active' | 'revoked' };
export type ApiKeyCommand = { type: 'CreateApiKey'; keyId: string; name: string; prefix: string; offerIds: string[] } | { type: 'RevokeApiKey'; keyId: string };

export const apiKeyDecider: Decider<ApiKeyCommand, ApiKeyEvent, ApiKey> = {
  initialState: () => ({ status: 'none' }),
  evolve: (_state, event) => ({ status: event.type === 'ApiKeyCreated' ? 'active' : 'revoked' }),
  decide(command, state) {
    if (command.type === 'CreateApiKey') {
      if (state.status !== 'none') throw new AppError(409, 'Clé déjà créée');
      return [{ type: 'ApiKeyCreated', data: { key_id: command.keyId, name: command.name, prefix: command.prefix, offer_ids: command.offerIds } }];
    }
    if (state.status === 'none') throw new AppError(404, "Clé d'API introuvable");
    return state.status === 'revoked' ? [] : [{ type: 'ApiKeyRevoked', data: { key_id: command.keyId } }];
  },
};

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');

/** A new key: its id, the visible prefix, and the secret to show once. */
export function newApiKey(): { keyId: string; prefix: string; key: string } {
  const prefix = randomBytes(4).toString('hex');
  return { keyId: randomUUID(), prefix, key: `afx_${prefix}_${randomBytes(24).toString('base64url')}` };
}

export async function storeApiKey(pool: pg.Pool, key: { keyId: string; prefix: string; key: string }, name: string, offerIds: string[], createdBy: string, now: Date): Promise<void> {
  await pool.query(
    'INSERT INTO api_keys (id, name, prefix, key_hash, created_by, created_at, offer_ids) VALUES ($1, $2, $3, $4, $5, $6, $7::uuid[])',
    [key.keyId, name, key.prefix, hashKey(key.key), createdBy, now, offerIds],
  );
}

export async function revokeApiKey(pool: pg.Pool, keyId: string, now: Date): Promise<void> {
  await pool.query('UPDATE api_keys SET revoked_at = coalesce(revoked_at, $2) WHERE id = $1', [keyId, now]);
}

/** The answer to an unknown or revoked API key. */
export const API_KEY_REFUSED = "Clé d'API inconnue ou révoquée";

/** Whether the key is still valid (not revoked since it was verified). */
export async function apiKeyActive(db: Pick<pg.PoolClient, 'query'>, keyId: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM api_keys WHERE id = $1 AND revoked_at IS NULL', [keyId]);
  return rows.length === 1;
}

/** The key a caller sent, if it is known and not revoked (and notes its use), with the offers it may send figures for (null: every offer). */
export async function verifyApiKey(pool: pg.Pool, key: string, now: Date): Promise<{ key_id: string; name: string; offer_ids: string[] | null } | null> {
  const { rows } = await pool.query<{ key_id: string; name: string; offer_ids: string[] | null }>(
    'UPDATE api_keys SET last_used_at = $2 WHERE key_hash = $1 AND revoked_at IS NULL RETURNING id AS key_id, name, offer_ids::text[]',
    [hashKey(key), now],
  );
  return rows[0] ?? null;
}

/** The offers among `offerIds` that exist, as a key names them, by 5-digit id. */
export async function apiKeyOffers(pool: pg.Pool, offerIds: string[]): Promise<ApiKeyOffer[]> {
  const { rows } = await pool.query<ApiKeyOffer>('SELECT id::text, unique_id, brand_name AS name FROM rm_offers WHERE id = ANY($1::uuid[]) ORDER BY unique_id', [offerIds]);
  return rows;
}

/** The keys, newest first, each with its offers as they are named now (null: every offer). */
export async function listApiKeys(pool: pg.Pool): Promise<ApiKeyView[]> {
  const { rows } = await pool.query<ApiKeyView>(
    `SELECT k.id, k.name, k.prefix, k.created_at, k.last_used_at, k.revoked_at,
            CASE WHEN k.offer_ids IS NULL THEN NULL ELSE coalesce((
              SELECT json_agg(json_build_object('id', o.id, 'unique_id', o.unique_id, 'name', o.brand_name) ORDER BY o.unique_id)
                FROM rm_offers o WHERE o.id = ANY(k.offer_ids)), '[]') END AS offers
       FROM api_keys k ORDER BY k.created_at DESC`,
  );
  return rows;
}
