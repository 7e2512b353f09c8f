import { loadConfig } from '../config/config';
import { migrate, openDatabase } from '../db/database';
import { createEventStore } from '../eventstore/index';
import { features } from '../features';
import { projectionsOf } from '../processing/index';
import { verifyAudit } from './verify';

/**
 * `npm run audit:verify`: every read model rebuilt from the first event into a scratch schema and
 * compared with the live one, every payout recomputed and its invoice hashed again; prints the
 * report and exits 1 when anything differs, 2 when it could not verify (another verification running,
 * the database in use by another process or out of reach)
 * (`--json` prints the whole report as JSON).
 */
const config = loadConfig();

async function verify(): Promise<number> {
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrate(db.url);
    const eventStore = createEventStore({ eventStoreUrl: config.eventStoreUrl, pool: db.pool, features });
    try {
      const report = await verifyAudit({ pool: db.pool, eventStore }, projectionsOf(features));
      if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
      else {
        console.log(`Audit verification at log position ${report.position}: ${report.events} events replayed into a scratch schema`);
        for (const t of report.tables) console.log(`  ${t.identical ? 'identical' : 'DIFFERS  '}  ${t.table} (${t.live_rows} live, ${t.rebuilt_rows} rebuilt)`);
        console.log(`  payouts: ${report.payouts.matching}/${report.payouts.checked} recomputed to the same amount; invoices: ${report.invoices.matching}/${report.invoices.checked} and credit notes: ${report.credit_notes.matching}/${report.credit_notes.checked} same SHA-256`);
        for (const line of report.differences) console.log(`  difference: ${line}`);
        console.log(report.identical ? 'Everything matches.' : `${report.differences.length} difference(s).`);
      }
      return report.identical ? 0 : 1;
    } finally {
      await eventStore.close();
    }
  } finally {
    await db.close();
  }
}

// Could not verify (another verification running, the database in use or out of reach): said plainly, exit code 2.
process.exit(
  await verify().catch((error: unknown) => {
    console.error(`Could not verify: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }),
);
