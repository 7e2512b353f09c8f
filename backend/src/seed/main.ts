import { centsToDecimal } from '@affilux/contract';
import { loadConfig } from '../config/config';
import { freeEmbeddedDatabase } from '../db/database';
import { SEED_SIZES, seedNetwork, SeedRefused, DEMO_PASSWORD, type SeedSize } from './seed';

/**
 * `npm run seed` (or `npm run seed -- --size=small`, or SEED_SIZE=small): fills an empty
 * installation (the configured DATA_DIR / DATABASE_URL) with a demo network. Stop `npm start` first
 * when the database is the embedded one: it belongs to one process.
 */
// An empty variable is an unset one, as for the server (config.ts).
const setting = (name: string): string | undefined => process.env[name] || undefined;
const sizeArgument = process.argv.find((arg) => arg.startsWith('--size='))?.slice('--size='.length) ?? setting('SEED_SIZE') ?? 'demo';
if (!(sizeArgument in SEED_SIZES)) {
  console.error(`Unknown seed size "${sizeArgument}": use ${Object.keys(SEED_SIZES).join(' or ')}.`);
  process.exit(2);
}
const size = sizeArgument as SeedSize;

// The seed's own server: any free port, no rate limits, the mail catcher on any free port; the
// links in the mails it queues point where `npm start` will serve (PUBLIC_URL, else PORT).
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: setting('LOG_LEVEL') ?? 'warn',
  PORT: '0',
  HOST: '127.0.0.1',
  RATE_LIMITS: 'off',
  MAIL_CATCHER_SMTP_PORT: '0',
  PROJECTIONS: 'inline',
  PUBLIC_URL: setting('PUBLIC_URL') ?? `http://localhost:${setting('PORT') ?? 3000}`,
});

const owner = config.databaseUrl
  ? null
  : await freeEmbeddedDatabase(config.dataDir).catch((error: Error) => {
      console.error(`Seed refused: ${error.message}`);
      process.exit(1);
    });
if (owner !== null) {
  console.error(`Seed refused: the embedded PostgreSQL of ${config.dataDir} is in use (pid ${owner}). Stop \`npm start\` first, then run the seed again.`);
  process.exit(1);
}

console.log(`Seeding a ${size} Affilux network into ${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}…`);
try {
  const report = await seedNetwork(config, { size, log: (line) => console.log(line) });
  const kinds = Object.entries(report.affiliates.byKind).map(([kind, n]) => `${n} ${kind}`).join(', ');
  console.log(
    [
      '',
      `Seeded in ${report.seconds} s: figures from ${report.from} to ${report.to}.`,
      `  Catalogue    : ${report.managers} managers, ${report.variants} variants (2 of them edited: 2 versions), the standard rates`,
      `  Offers       : ${report.offers.total} (${report.offers.private} private, ${report.offers.postback} taking postbacks), with brand images`,
      `  Affiliates   : ${report.affiliates.total} (${kinds}); ${report.affiliates.referred} referred, ${report.affiliates.frozen} frozen, ${report.affiliates.unverified} not verified yet`,
      `  Applications : ${report.applications.pending} pending, ${report.applications.rejected} rejected; ${report.messages} contact messages`,
      `  Figures      : ${report.imports} imports (${report.importedRows} affiliate-days sent), ${report.postbacks.recorded} postbacks (${report.postbacks.reversed} reversed, ${report.postbacks.duplicates} repeats counted once)`,
      `  Earnings     : ${centsToDecimal(report.revenueCents)} EUR over ${report.affiliateDays} affiliate-days`,
      `  Payouts      : ${report.payouts.runs} Wednesday runs, ${report.payouts.issued} payouts (${centsToDecimal(report.payouts.issuedCents)} EUR) with their invoices, ${report.payouts.carriedOver} balances carried over, ${report.payouts.failed} failed (its invoice cancelled by a credit note)`,
      `  Mid-week settings changes:`,
      ...report.settingsChanges.map((line) => `    ${line}`),
      '',
      'Start it with `npm start`, then sign in at /login:',
      `  Back office : ${report.adminEmail} ` +
        (report.generatedAdminPassword
          ? `with the generated password ${report.generatedAdminPassword} (shown only this once)`
          : process.env.ADMIN_PASSWORD
            ? 'with ADMIN_PASSWORD'
            : 'with the password printed at the first start'),
      ...report.sampleAffiliates.map((a) => `  Affiliate   : ${a.email} / ${DEMO_PASSWORD} (${a.label})`),
      `  Every demo affiliate's password is ${DEMO_PASSWORD}.`,
      '',
    ].join('\n'),
  );
  process.exit(0);
} catch (error) {
  if (error instanceof SeedRefused) {
    console.error(`Seed refused: ${error.message}`);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
}
