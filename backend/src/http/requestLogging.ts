import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type pino from 'pino';

declare module 'express-serve-static-core' {
  interface Request {
    /** The request id: the caller's X-Request-Id when sane, else a new UUID. Also the commands' correlation id. */
    id: string;
  }
}

const SANE_REQUEST_ID = /^[\w.:-]{1,100}$/;
/** Query parameters that carry a secret (an offer's postback key, a token): logs are read by more people than the database. */
const SECRET_PARAMETERS = new Set(['key', 'api_key', 'token', 'password']);

/** A parameter's name as the query parser reads it (`%6Bey` is `key`); null when it cannot be decoded. */
function decodedName(name: string): string | null {
  try {
    return decodeURIComponent(name.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return null;
  }
}

/** The request's URL as it may be logged: the values of secret parameters masked, however their names are encoded. */
export function loggedUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const end = url.includes('#', start) ? url.indexOf('#', start) : url.length;
  const parameters = url.slice(start + 1, end).split('&').map((pair) => {
    const name = pair.split('=', 1)[0]!;
    const decoded = decodedName(name);
    return decoded === null || SECRET_PARAMETERS.has(decoded) ? `${name}=***` : pair;
  });
  return `${url.slice(0, start)}?${parameters.join('&')}${url.slice(end)}`;
}

/** Gives every request an id (echoed in X-Request-Id) and logs each API call once it is answered. */
export function requestLogging(log: pino.Logger): RequestHandler {
  const logCalls = log.isLevelEnabled('info');
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    req.id = typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', req.id);
    if (logCalls && req.url.startsWith('/api/')) {
      const started = performance.now();
      res.once('finish', () => {
        log.info({ reqId: req.id, method: req.method, url: loggedUrl(req.originalUrl), status: res.statusCode, ms: Math.round(performance.now() - started) }, 'request');
      });
    }
    next();
  };
}
