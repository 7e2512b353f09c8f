import type { Request, Response } from 'express';
import { badRequest } from './errors';

/** No list is paged this far; a larger number is a mistake or an attack, not a page. */
const MAX_OFFSET = 1_000_000_000;

export type ListQuery = { sortField: string; sortOrder: 'ASC' | 'DESC'; offset: number; limit: number; filter: Record<string, unknown> };

/**
 * ra-data-simple-rest's list parameters: sort=["field","ASC"], range=[0,24], filter={...}.
 * Only whitelisted sort fields are accepted (they end up in SQL).
 */
export function parseListQuery(req: Request, options: { sortable: readonly string[]; defaultSort: [string, 'ASC' | 'DESC']; maxLimit?: number }): ListQuery {
  const maxLimit = options.maxLimit ?? 500;
  const sort = readJson(req.query.sort, 'sort') ?? options.defaultSort;
  const range = readJson(req.query.range, 'range') ?? [0, 49];
  const filter = readJson(req.query.filter, 'filter') ?? {};
  if (!Array.isArray(sort) || !options.sortable.includes(sort[0]) || !['ASC', 'DESC'].includes(String(sort[1]).toUpperCase())) {
    throw badRequest(`sort must be ["<field>","ASC"|"DESC"] with a field among ${options.sortable.join(', ')}`);
  }
  if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isSafeInteger(n) && n >= 0 && n <= MAX_OFFSET) || range[1] < range[0]) {
    throw badRequest(`range must be [start, end] with 0 <= start <= end <= ${MAX_OFFSET}`);
  }
  if (typeof filter !== 'object' || Array.isArray(filter) || filter === null) throw badRequest('filter must be a JSON object');
  const limit = Math.min(range[1] - range[0] + 1, maxLimit);
  return { sortField: sort[0], sortOrder: String(sort[1]).toUpperCase() as 'ASC' | 'DESC', offset: range[0], limit, filter: filter as Record<string, unknown> };
}

/** Sends a page of a list with the Content-Range header react-admin reads. */
export function sendList(res: Response, resource: string, query: ListQuery, rows: unknown[], total: number): void {
  const end = rows.length ? query.offset + rows.length - 1 : query.offset;
  res.setHeader('Content-Range', `${resource} ${query.offset}-${end}/${total}`);
  res.setHeader('Access-Control-Expose-Headers', 'Content-Range');
  res.json(rows);
}

function readJson(value: unknown, name: string): unknown {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw badRequest(`${name} must be a JSON string`);
  try {
    return JSON.parse(value);
  } catch {
    throw badRequest(`${name} is not valid JSON`);
  }
}

/** Longest text search a list accepts. */
export const SEARCH_MAX_LENGTH = 200;

/** The list's text search (`filter.q`), trimmed; null when there is none. Not text, or too long, is a 400. */
export function listSearch(query: Pick<ListQuery, 'filter'>): string | null {
  const { q } = query.filter;
  if (q === undefined || q === null) return null;
  if (typeof q !== 'string' || q.length > SEARCH_MAX_LENGTH) throw badRequest(`La recherche doit être un texte de ${SEARCH_MAX_LENGTH} caractères au plus`, [{ field: 'q', msg: `La recherche doit être un texte de ${SEARCH_MAX_LENGTH} caractères au plus` }]);
  return q.trim() || null;
}
