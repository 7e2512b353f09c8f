import { SERVER_MESSAGES } from '@affilux/contract';
import { Router, type Request, type RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Options } from 'express-rate-limit';
import type pg from 'pg';
import type pino from 'pino';
import { AppError } from './errors';
import { PostgresRateLimitStore } from './rateLimitStore';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export type RateLimitRule = {
  /** Names the limit in the RateLimit headers and keeps its counts apart. */
  name: string;
  method: 'post' | 'put';
  /** Under /api/v1. */
  path: string;
  /** Requests per client address and window. */
  limit: number;
  windowMs: number;
};

/**
 * Every per-address limit, counted per client address (`req.ip`: the socket's address, or the
 * X-Forwarded-For of a proxy on this machine; IPv6 addresses by /56 network). Every request counts,
 * refused or not: failed sign-ins are what the login limit is for.
 *
 * - login, 20 per 15 minutes: a person who mistypes gets many tries, a few colleagues behind one
 *   office address can all sign in, and a password-guessing script gets 80 tries an hour from one
 *   address, on top of the per-account throttle (identity/loginThrottle.ts).
 * - forgot-password, 5 per 15 minutes: each sends an email; enough for "I did not get it, again",
 *   not for flooding someone's mailbox.
 * - update-email, 5 per hour: each mails a code to a new address, from a signed-in account.
 * - applications, contact, newsletter, 5 per hour each: one person applies, writes or subscribes
 *   once or twice; the rest are bots filling forms (each application also sends the back office work).
 */
export const RATE_LIMITS: readonly RateLimitRule[] = [
  { name: 'login', method: 'post', path: '/auth/login', limit: 20, windowMs: 15 * MINUTE },
  { name: 'forgot-password', method: 'post', path: '/auth/forgot-password', limit: 5, windowMs: 15 * MINUTE },
  { name: 'update-email', method: 'put', path: '/auth/update-email', limit: 5, windowMs: HOUR },
  { name: 'applications', method: 'post', path: '/applications/submit', limit: 5, windowMs: HOUR },
  { name: 'contact', method: 'post', path: '/contact/submit', limit: 5, windowMs: HOUR },
  { name: 'newsletter', method: 'post', path: '/newsletter/subscribe', limit: 5, windowMs: HOUR },
];

export type RateLimitSettings = {
  /** 'off' removes every limit (a server behind a gateway that limits already). */
  mode: 'on' | 'off';
  /** Multiplies every limit: test suites and benchmarks that make many calls from 127.0.0.1. */
  scale: number;
};

/**
 * The limits as one router, to mount under /api/v1 before the feature routers: a request over its
 * limit is answered 429 `{ message, code: 'rate_limited' }` with a Retry-After header; every
 * counted answer carries the RateLimit and RateLimit-Policy headers (IETF draft 8).
 */
export function rateLimits(deps: { pool: pg.Pool; log: pino.Logger; settings: RateLimitSettings }): Router {
  const router = Router();
  if (deps.settings.mode === 'off') return router;
  for (const rule of RATE_LIMITS) {
    router[rule.method](
      rule.path,
      rateLimit({
        windowMs: rule.windowMs,
        limit: rule.limit * deps.settings.scale,
        identifier: rule.name,
        standardHeaders: 'draft-8',
        legacyHeaders: false,
        store: new PostgresRateLimitStore(deps.pool, rule.name),
        logger: deps.log,
        handler: (_req, res) => {
          res.status(429).json({ message: SERVER_MESSAGES.rate_limited, code: 'rate_limited' });
        },
      }),
    );
  }
  return router;
}

/**
 * Wrong secrets (a postback key, a brand's API key), 30 per 15 minutes per address. A brand's
 * system sends thousands of postbacks an hour from one address, so only the failures count. Past
 * the limit the address is refused every call the secret guards, right secret or not, until its
 * window ends: a refusal says nothing about the secret tried.
 */
export const WRONG_SECRET_LIMIT = { name: 'wrong-secrets', limit: 30, windowMs: 15 * MINUTE };

export type WrongSecretLimit = {
  /** Refuses, before anything is looked up, an address past its limit. */
  guard: RequestHandler;
  /** The handler, with its 401s (a wrong secret) counted against the address before they are answered. */
  counting(handler: RequestHandler): RequestHandler;
};

/**
 * The counts live in rate_limit_hits, shared by every server process; which addresses are past the
 * limit is kept in memory, so a right secret costs no query. Another process learns it at the
 * address's next failure there: an address gets at most one more try per process.
 */
export function wrongSecretLimit(deps: { pool: pg.Pool; settings: RateLimitSettings }): WrongSecretLimit {
  const limit = WRONG_SECRET_LIMIT.limit * deps.settings.scale;
  const store = new PostgresRateLimitStore(deps.pool, WRONG_SECRET_LIMIT.name);
  store.init({ windowMs: WRONG_SECRET_LIMIT.windowMs } as Options);
  const refusedUntil = new Map<string, number>();
  const addressOf = (req: Request) => ipKeyGenerator(req.ip ?? '');
  const refuse = (res: Parameters<RequestHandler>[1], until: number) => {
    res.set('Retry-After', String(Math.max(1, Math.ceil((until - Date.now()) / 1000))));
    return AppError.coded(429, 'rate_limited');
  };
  return {
    guard(req, res, next) {
      if (deps.settings.mode === 'off' || refusedUntil.size === 0) return next();
      const address = addressOf(req);
      const until = refusedUntil.get(address);
      if (until === undefined) return next();
      if (until > Date.now()) return next(refuse(res, until));
      refusedUntil.delete(address);
      next();
    },
    counting: (handler) => async (req, res, next) => {
      try {
        await handler(req, res, next);
      } catch (error) {
        if (deps.settings.mode === 'on' && error instanceof AppError && error.status === 401) {
          const address = addressOf(req);
          const { totalHits, resetTime } = await store.increment(address);
          if (totalHits >= limit && resetTime) {
            if (refusedUntil.size > 10_000) refusedUntil.clear();
            refusedUntil.set(address, resetTime.getTime());
          }
          if (totalHits > limit && resetTime) throw refuse(res, resetTime.getTime());
        }
        throw error;
      }
    },
  };
}
