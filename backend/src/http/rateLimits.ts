import { SERVER_MESSAGES } from '@affilux/contract';
import { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import type pg from 'pg';
import type pino from 'pino';
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
