import type pg from 'pg';
import { keepWaiting, readModelsReach, type CommandDeps } from '../eventstore/commands';
import { START, comparePositions, positionToString, type Position } from '../eventstore/eventStore';
import type { EventProcessor } from './processor';

/**
 * When the processors run in their own process (PROJECTIONS=external), the server learns how far
 * they have got by reading the checkpoint table.
 */
export function createCheckpointWatcher(pool: pg.Pool, processors: Pick<EventProcessor, 'name' | 'kind' | 'version'>[], pollMs = 20) {
  /** START until every processor of `kind` (all when omitted) has a checkpoint. */
  async function lowest(kind?: EventProcessor['kind']): Promise<Position> {
    const names = processors.filter((p) => !kind || p.kind === kind).map((p) => p.name);
    const { rows } = await pool.query<{ position_commit: number | string; position_prepare: number | string }>(
      'SELECT position_commit, position_prepare FROM processor_checkpoints WHERE name = ANY($1)',
      [names],
    );
    if (rows.length < names.length || rows.length === 0) return START;
    return rows
      .map((r) => ({ commit: BigInt(r.position_commit), prepare: BigInt(r.position_prepare) }))
      .reduce((min, p) => (comparePositions(p, min) < 0 ? p : min));
  }

  return {
    lowest,
    /**
     * Until the processing process has created every read model at its current version: on a fresh
     * database (or a new version) the server would otherwise query tables that do not exist yet.
     * `waiting` is called once if it has to wait.
     */
    async ready(waiting: () => void, readyPollMs = 200): Promise<void> {
      const projections = processors.filter((p) => p.kind === 'projection');
      for (let round = 0; ; round++) {
        const { rows } = await pool.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM processor_checkpoints c JOIN unnest($1::text[], $2::int[]) AS p(name, version) ON c.name = p.name AND c.version = p.version',
          [projections.map((p) => p.name), projections.map((p) => p.version)],
        );
        if (rows[0]!.n === projections.length) return;
        if (round === 0) waiting();
        await new Promise((r) => setTimeout(r, readyPollMs));
      }
    },
    async waitFor(position: Position, { kind, timeoutMs = 10_000 }: { kind?: EventProcessor['kind']; timeoutMs?: number } = {}): Promise<boolean> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const reached = await lowest(kind);
        if (comparePositions(reached, position) >= 0) return true;
        if (Date.now() > deadline) return false;
        await new Promise((r) => setTimeout(r, pollMs));
      }
    },
  };
}

/**
 * Until the reactors named have passed everything recorded so far, and the read models include what
 * they appended: for work that decides from what those reactors record (the week close from the
 * prices, the payout run from the ledgers). Read from their checkpoints, so it holds whether they run
 * in this process or in their own. Bounded as `keepWaiting` is, failing loudly.
 */
export async function reactorsCaughtUp(deps: CommandDeps & { pool: pg.Pool }, reactors: string[], what: string): Promise<void> {
  const head = await deps.eventStore.headPosition();
  const watcher = createCheckpointWatcher(deps.pool, reactors.map((name) => ({ name, kind: 'reactor' as const, version: 0 })));
  await keepWaiting(() => watcher.waitFor(head), `${reactors.join(' and ')} to reach ${positionToString(head)} (${what})`);
  await readModelsReach(deps, await deps.eventStore.headPosition(), what);
}
