import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from './config/config';
import { reportStartupFailurePlainly } from './config/startupFailure';
import { FRONTEND_DISTS, startServer } from './server';

/** `npm start`: builds the front ends on first run, then runs the whole product in this process. */
const started = reportStartupFailurePlainly();
const config = loadConfig();

for (const [workspace, dist] of [
  ['affiliate-ui', FRONTEND_DISTS.affiliateDist],
  ['admin-ui', FRONTEND_DISTS.adminDist],
] as const) {
  if (fs.existsSync(path.join(dist, 'index.html'))) continue;
  console.log(`Building ${workspace} (first start)...`);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { stdio: 'inherit' });
  if (build.status !== 0) {
    console.error(`Building ${workspace} failed; fix the error above or run \`npm run build\`.`);
    process.exit(1);
  }
}

const server = await startServer(config);
started();
const { deps } = server;
const lines = [
  '',
  `Affilux is running (event store: ${deps.eventStore.kind}, projections: ${config.projections}).`,
  `  Affiliate portal : ${server.url}/`,
  `  Back office      : ${server.url}/admin`,
  server.inboxUrl ? `  Mail inbox       : ${server.inboxUrl} (receiving SMTP at ${server.catcherSmtpUrl})` : `  Mail             : sent through SMTP_URL`,
  `  Sign in at ${server.url}/login as ${config.adminEmail}` +
    (server.generatedAdminPassword
      ? ` with the generated password: ${server.generatedAdminPassword}\n  (shown only this once; set ADMIN_PASSWORD to choose it)`
      : server.adminCreated
        ? ' with ADMIN_PASSWORD'
        : ' with the password set at the first start (ADMIN_PASSWORD then, or the one printed)'),
  '',
];
console.log(lines.join('\n'));

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    await server.stop();
    process.exit(0);
  });
}
