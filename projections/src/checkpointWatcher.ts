import type pg from 'pg';
import { START, comparePositions, type Position } from '../../backend/src/eventstore/eventStore';

/**
 * When the projections run in their own process (PROJECTIONS=external), the server learns how far
 * they have got by reading the checkpoint table.
 */
export function createCheckpointWatcher(pool: pg.Pool, projectionNames: string[], pollMs = 20) {
  /** START until every projection has a checkpoint. */
  async function lowest(): Promise<Position> {
    const { rows } = await pool.query<{ position_commit: number | string; position_prepare: number | string }>(
      'SELECT position_commit, position_prepare FROM projection_checkpoints WHERE name = ANY($1)',
      [projectionNames],
    );
    if (rows.length < projectionNames.length) return START;
    return rows
      .map((r) => ({ commit: BigInt(r.position_commit), prepare: BigInt(r.position_prepare) }))
      .reduce((min, p) => (comparePositions(p, min) < 0 ? p : min));
  }

  return {
    lowest,
    async waitFor(position: Position, timeoutMs = 10_000): Promise<boolean> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const reached = await lowest();
        if (comparePositions(reached, position) >= 0) return true;
        if (Date.now() > deadline) return false;
        await new Promise((r) => setTimeout(r, pollMs));
      }
    },
  };
}
