import { handleCommandBatch, systemContext } from '../eventstore/commands';
import type { AppDeps } from '../feature';
import { idleBalances } from './balances/queries';
import { ledgerStream } from './events';
import { DORMANCY, ledgerDecider } from './ledger';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 1000;

/**
 * The daily dormancy check: every positive balance idle for about 60 days (read model, generously)
 * is decided from its ledger: warned once at day 60 (an email), written off at day 90 and at least
 * 30 days after the warning, with its reason. Idempotent like the other jobs.
 */
export async function checkDormancy(deps: Pick<AppDeps, 'pool' | 'eventStore' | 'readModels'>, now: Date): Promise<{ checked: number }> {
  const candidates = await idleBalances(deps.pool, new Date(now.getTime() - (DORMANCY.warnAfterDays - 1) * DAY_MS));
  const ctx = systemContext(now);
  for (let i = 0; i < candidates.length; i += BATCH) {
    await handleCommandBatch(
      deps,
      ledgerDecider,
      candidates.slice(i, i + BATCH).map((userId) => ({ streamId: ledgerStream(userId), command: { type: 'CheckDormancy' as const, userId, at: now }, ctx })),
    );
  }
  await deps.readModels.waitForConsequences(await deps.eventStore.headPosition());
  return { checked: candidates.length };
}
