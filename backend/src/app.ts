import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type Express } from 'express';
import type { AppDeps, Feature } from './feature';
import { apiNotFound, createErrorHandler } from './http/errorHandler';
import { inputHygiene } from './http/inputHygiene';
import { rateLimits } from './http/rateLimits';
import { requestLogging } from './http/requestLogging';
import { securityHeaders } from './http/securityHeaders';
import { serveUploads } from './uploads/serve';
import type { ProcessingFailure } from './processing/runner';
import { databaseProbe } from './db/probe';

export type AppOptions = {
  features: readonly Feature[];
  /** Where the event log and the read models stand; shown to admins only. */
  health: () => Promise<Record<string, unknown>>;
  /** The processors failing in this process (see ProcessorRunner.failing). */
  failing: () => ProcessingFailure[];
  /** The local mail catcher's web inbox, when no SMTP_URL is configured. */
  inbox?: Router;
  /** Built front ends to serve; absent in API-only tests. */
  frontends?: { affiliateDist: string; adminDist: string };
};

/** The Express app: every feature's routes under /api/v1, the mail inbox, and both front ends with SPA fallback. */
export function buildApp(deps: AppDeps, options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(securityHeaders());
  app.use(requestLogging(deps.log));

  const api = Router();
  api.use(rateLimits({ pool: deps.pool, log: deps.log, settings: deps.config.rateLimits }));
  for (const feature of options.features) if (feature.rawBodyApi) api.use(feature.rawBodyApi(deps));
  api.use(express.json({ limit: '100kb' }));
  api.use(inputHygiene);
  // Anyone may ask whether the server is up ('degraded': it answers, but a read model or reactor is failing and being
  // tried again; 503 'unavailable': its database does not answer); only an admin learns where the log and the read
  // models stand, and what fails.
  const databaseAnswers = databaseProbe(deps.pool);
  api.get('/health', async (req, res) => {
    if (!(await databaseAnswers())) return void res.status(503).json({ status: 'unavailable', database: 'not answering' });
    const isAdmin = await new Promise<boolean>((resolve) => {
      Promise.resolve(deps.auth.admin(req, res, () => resolve(true))).catch(() => resolve(false));
    });
    const failing = options.failing();
    const status = failing.length ? 'degraded' : 'ok';
    res.json(isAdmin ? { status, ...(await options.health()), ...(failing.length ? { failing } : {}) } : { status });
  });
  for (const feature of options.features) if (feature.api) api.use(feature.api(deps));
  const errorHandler = createErrorHandler(deps.log);
  api.use(apiNotFound);
  api.use(errorHandler);
  app.use('/api/v1', api);

  // Uploaded images (offers' brand and template images), before the portal's SPA fallback.
  app.use('/uploads', serveUploads({ pool: deps.pool, dataDir: deps.config.dataDir }));
  if (options.inbox) app.use('/inbox', options.inbox);
  if (options.frontends) {
    serveSpa(app, '/admin', options.frontends.adminDist);
    serveSpa(app, '/', options.frontends.affiliateDist);
  }
  app.use(errorHandler);
  return app;
}

function serveSpa(app: Express, mount: string, dist: string): void {
  const index = path.join(dist, 'index.html');
  // redirect: false keeps /admin as it is (serve-static would send it to /admin/, a different route).
  app.use(mount, express.static(dist, { index: false, redirect: false, maxAge: '1h', setHeaders: noCacheForHtml }));
  app.get(mount === '/' ? /.*/ : new RegExp(`^${mount}(/.*)?$`), (req, res, next) => {
    // A file that is not there (an asset of an earlier build) is a 404, not the page: a browser would read the page as a script.
    if (req.path.startsWith('/api/') || /\.[a-z0-9]+$/i.test(req.path) || !fs.existsSync(index)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

function noCacheForHtml(res: express.Response, file: string): void {
  if (file.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
}
