import fs from 'node:fs';
import path from 'node:path';
import express, { Router, type Express } from 'express';
import type pg from 'pg';
import type pino from 'pino';
import { applicationsApi } from './applications/applicationsApi';
import type { Config } from './config/config';
import { contactApi } from './contact/contactApi';
import type { ReadModelSync } from './eventstore/commands';
import type { EventStore } from './eventstore/eventStore';
import { apiNotFound, createErrorHandler } from './http/errorHandler';
import { rateLimits } from './http/rateLimits';
import { requestLogging } from './http/requestLogging';
import { securityHeaders } from './http/securityHeaders';
import { accountApi } from './accounts/accountApi';
import { authApi } from './identity/authApi';
import type { Auth } from './identity/authMiddleware';
import { securityApi } from './identity/securityApi';
import type { Tokens } from './identity/tokens';
import type { MailQueue } from './mail/mailQueue';

export type AppDeps = {
  config: Config;
  pool: pg.Pool;
  eventStore: EventStore;
  readModels: ReadModelSync;
  tokens: Tokens;
  auth: Auth;
  mail: MailQueue;
  log: pino.Logger;
  clock: () => Date;
  /** The portal's public address, for links in emails. */
  publicUrl: string;
  health: () => Promise<Record<string, unknown>>;
  /** The local mail catcher's web inbox, when no SMTP_URL is configured. */
  inbox?: Router;
  /** Built front ends to serve; absent in API-only tests. */
  frontends?: { affiliateDist: string; adminDist: string };
};

/** The Express app: the API under /api/v1, the mail inbox, and both front ends with SPA fallback. */
export function buildApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', 'loopback');
  app.use(securityHeaders());
  app.use(requestLogging(deps.log));

  const api = Router();
  api.use(rateLimits({ pool: deps.pool, log: deps.log, settings: deps.config.rateLimits }));
  api.use(express.json({ limit: '100kb' }));
  api.get('/health', async (_req, res) => {
    res.json(await deps.health());
  });
  api.use(authApi(deps));
  api.use(securityApi(deps));
  api.use(applicationsApi(deps));
  api.use(accountApi(deps));
  api.use(contactApi(deps));
  const errorHandler = createErrorHandler(deps.log);
  api.use(apiNotFound);
  api.use(errorHandler);
  app.use('/api/v1', api);

  if (deps.inbox) app.use('/inbox', deps.inbox);
  if (deps.frontends) {
    serveSpa(app, '/admin', deps.frontends.adminDist);
    serveSpa(app, '/', deps.frontends.affiliateDist);
  }
  app.use(errorHandler);
  return app;
}

function serveSpa(app: Express, mount: string, dist: string): void {
  const index = path.join(dist, 'index.html');
  // redirect: false keeps /admin as it is (serve-static would send it to /admin/, a different route).
  app.use(mount, express.static(dist, { index: false, redirect: false, maxAge: '1h', setHeaders: noCacheForHtml }));
  app.get(mount === '/' ? /.*/ : new RegExp(`^${mount}(/.*)?$`), (req, res, next) => {
    if (req.path.startsWith('/api/') || !fs.existsSync(index)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}

function noCacheForHtml(res: express.Response, file: string): void {
  if (file.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
}
