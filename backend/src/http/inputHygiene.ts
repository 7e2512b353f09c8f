import { hasForbiddenCharacters } from '@affilux/contract';
import type { RequestHandler } from 'express';
import { badRequest } from './errors';

const FORBIDDEN = 'Caractère non autorisé (caractère nul ou caractère Unicode invalide)';

/** The first path (field.sub.0) of a string in `value` that carries a NUL character or a lone surrogate. */
function forbiddenPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return hasForbiddenCharacters(value) ? path || 'body' : null;
  if (depth > 20 || value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (hasForbiddenCharacters(key)) return path || 'body';
    const found = forbiddenPath(child, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Free text that PostgreSQL cannot store (NUL) or that no honest client sends (a lone UTF-16
 * surrogate) is refused with a 400 naming the field, before any handler sees it: otherwise it
 * would fail deep down, in an event or a row, as a 500.
 */
export const inputHygiene: RequestHandler = (req, _res, next) => {
  const field = forbiddenPath(req.body, '') ?? forbiddenPath(req.query, '') ?? forbiddenPath(req.params, '');
  if (field) throw badRequest(FORBIDDEN, [{ field, msg: FORBIDDEN }]);
  next();
};
