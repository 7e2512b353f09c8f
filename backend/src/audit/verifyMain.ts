import { loadConfig } from '../config/config';
import { migrate, openDatabase } from '../db/database';
import { createEventStore } from '../eventstore/index';
import { features } from '../features';
import { AppError } from '../http/errors';
import { projectionsOf } from '../processing/index';
import { verifyAudit } from './verify';

/**
 * `npm run audit:verify`: every read model rebuilt from the first event into a scratch schema and
 * compared with the live one, every payout recomputed and its invoice hashed again; prints the
 * report and exits 1 when anything differs, 2 when it could not verify (another verification running)
 * (`--json` prints the whole report as JSON).
 */
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let exitCode = 2;
try {
  await migrate(db.url);
  const eventStore = createEventStore({ eventStoreUrl: config.eventStoreUrl, pool: db.pool, features });
  try {
    const report = await verifyAudit({ pool: db.pool, eventStore }, projectionsOf(features)).catch((error: unknown) => {
      // Another verification running: said plainly, exit code 2.
      if (!(error instanceof AppError)) throw error;
      console.error(error.message);
      return null;
    });
    if (report) {
      if (process.argv.includes('--json')) console.log(JSON.stringify(report, null, 2));
      else {
        console.log(`Audit verification at log position ${report.position}: ${report.events} events replayed into a scratch schema`);
        for (const t of report.tables) console.log(`  ${t.identical ? 'identical' : 'DIFFERS  '}  ${t.table} (${t.live_rows} live, ${t.rebuilt_rows} rebuilt)`);
        console.log(`  payouts: ${report.payouts.matching}/${report.payouts.checked} recomputed to the same amount; invoices: ${report.invoices.matching}/${report.invoices.checked} and credit notes: ${report.credit_notes.matching}/${report.credit_notes.checked} same SHA-256`);
        for (const line of report.differences) console.log(`  difference: ${line}`);
        console.log(report.identical ? 'Everything matches.' : `${report.differences.length} difference(s).`);
      }
      exitCode = report.identical ? 0 : 1;
    }
  } finally {
    await eventStore.close();
  }
} finally {
  await db.close();
}
process.exit(exitCode);
