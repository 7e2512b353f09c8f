import { API_KEY_MAX_OFFERS, API_KEY_NAME_MAX_LENGTH, HIDDEN_CHARACTERS, type CreatedApiKey } from '@affilux/contract';
import { Readable } from 'node:stream';
import express, { Router, type Request } from 'express';
import { z } from 'zod';
import { handleCommand } from '../eventstore/commands';
import type { AppDeps } from '../feature';
import { currentUser } from '../identity/authMiddleware';
import { AppError, badRequest } from '../http/errors';
import { inputHygiene } from '../http/inputHygiene';
import { requestContext } from '../http/requestContext';
import { parseListQuery, sendList } from '../http/listQuery';
import { wrongSecretLimit } from '../http/rateLimits';
import { parse } from '../http/validate';
import { API_KEY_REFUSED, apiKeyActive, apiKeyDecider, apiKeyOffers, apiKeyStream, listApiKeys, newApiKey, revokeApiKey, storeApiKey, verifyApiKey } from './apiKeys';
import type { ImportSender } from './events';
import { importStats, pausingImports } from './imports';
import { listStatsImports, STATS_IMPORT_SORTS } from './importHistory/queries';
import { importFormatOf, readImportRows } from './importReaders';
import { createPostbacks } from './postbacks';

const OFFERS_REQUIRED = 'Choisissez au moins une offre : la clé n’enverra que leurs chiffres';
const apiKeySchema = z.object({
  name: z.string({ error: 'Le nom est requis' }).trim().min(1, 'Le nom est requis')
    .max(API_KEY_NAME_MAX_LENGTH, `Le nom doit contenir ${API_KEY_NAME_MAX_LENGTH} caractères au plus`),
  offer_ids: z.array(z.string().uuid('Offre inconnue'), { error: OFFERS_REQUIRED }).min(1, OFFERS_REQUIRED)
    .max(API_KEY_MAX_OFFERS, `Une clé nomme ${API_KEY_MAX_OFFERS} offres au plus`),
});
const uuid = z.string().uuid();

/** The history of imports, and the admins' API keys for brands' systems. */
export function figuresApi(deps: Pick<AppDeps, 'pool' | 'eventStore' | 'readModels' | 'auth' | 'clock'>) {
  const router = Router();

  // The history of imports (rm_stats_imports), newest first, for the back office's import screen.
  router.get('/stats/imports', deps.auth.backOffice, async (req, res) => {
    const query = parseListQuery(req, { sortable: STATS_IMPORT_SORTS, defaultSort: ['started_at', 'DESC'], maxLimit: 100 });
    const { rows, total } = await listStatsImports(deps.pool, query);
    sendList(res, 'stats-imports', query, rows, total);
  });

  router.get('/admin/api-keys', deps.auth.backOffice, async (_req, res) => {
    res.json(await listApiKeys(deps.pool));
  });

  router.post('/admin/api-keys', deps.auth.admin, async (req, res) => {
    const { name, offer_ids } = parse(apiKeySchema, req.body);
    const offerIds = [...new Set(offer_ids)];
    const offers = await apiKeyOffers(deps.pool, offerIds);
    if (offers.length !== offerIds.length) throw badRequest('Offre inconnue', [{ field: 'offer_ids', msg: 'Offre inconnue' }]);
    const key = newApiKey();
    const ctx = requestContext(req, deps.clock());
    await storeApiKey(deps.pool, key, name, offerIds, currentUser(req).id, ctx.now);
    await handleCommand(deps, apiKeyDecider, apiKeyStream(key.keyId), { type: 'CreateApiKey', keyId: key.keyId, name, prefix: key.prefix, offerIds }, ctx);
    const created: CreatedApiKey = { message: "Clé d'API créée : copiez-la maintenant, elle ne sera plus affichée", id: key.keyId, name, prefix: key.prefix, key: key.key, offers };
    res.status(201).json(created);
  });

  router.delete('/admin/api-keys/:id', deps.auth.admin, async (req, res) => {
    if (!uuid.safeParse(req.params.id).success) throw new AppError(404, "Clé d'API introuvable");
    const ctx = requestContext(req, deps.clock());
    // Once this answers, no import is recorded under the key: one recording now finishes first, the others ask the key again.
    await pausingImports(deps.pool, async () => {
      await handleCommand(deps, apiKeyDecider, apiKeyStream(String(req.params.id)), { type: 'RevokeApiKey', keyId: String(req.params.id) }, ctx);
      await revokeApiKey(deps.pool, String(req.params.id), ctx.now);
    });
    res.json({ message: "Clé d'API révoquée" });
  });

  return router;
}

/**
 * The `X-File-Name` header: a header carries Latin-1 only, so a name with other characters comes
 * percent-encoded (UTF-8), as the back office sends it; one that does not decode is kept as sent.
 * What would make it show otherwise than it reads (controls, a change of direction: "…‮nosj.52-11-6202"
 * reads "…2026-11-25.json") is dropped, so the history shows what the name holds.
 */
const HIDDEN_IN_NAME = new RegExp(HIDDEN_CHARACTERS.source, 'gu');
function fileNameOf(header: string | undefined): string | null {
  if (!header) return null;
  let name = header;
  try {
    name = decodeURIComponent(header);
  } catch {
    // Not percent-encoded (a literal %): the name as sent.
  }
  return name.replace(HIDDEN_IN_NAME, '').slice(0, 200) || null;
}

/** `?preview=true` or `false`, once: anything else is refused, never taken for a real import. */
const importQuerySchema = z.object({ preview: z.enum(['true', 'false'], { error: 'preview vaut true ou false' }).optional() });

/**
 * The routes by which figures come in, which read their own bodies and are mounted before the JSON
 * body parser:
 * - postbacks (keyed by the offer's secret), GET or POST (a form or JSON). The busiest route by
 *   far, so mounted early: Express tries each route before it in turn.
 * - `POST /stats/import`: a file of daily statistics, read as a stream (JSON or CSV, see
 *   importReaders.ts), from an admin or a brand's system with an API key. `?preview=true` checks
 *   it and says what it would change, recording nothing.
 * Wrong postback and API keys count against the caller's address (http/rateLimits.ts).
 */
export function figuresIntakeApi(deps: Pick<AppDeps, 'pool' | 'eventStore' | 'readModels' | 'auth' | 'clock' | 'config'>) {
  const router = Router();
  const receive = createPostbacks(deps);
  const wrongKeys = wrongSecretLimit({ pool: deps.pool, settings: deps.config.rateLimits });

  const postback = async (req: Request, res: express.Response) => {
    const input = { ...(req.query as Record<string, unknown>), ...(typeof req.body === 'object' && req.body ? req.body : {}) };
    res.json(await receive(input, requestContext(req, deps.clock())));
  };
  router.get('/postback', wrongKeys.guard, inputHygiene, wrongKeys.counting(postback));
  router.post('/postback', wrongKeys.guard, express.urlencoded({ extended: false, limit: '10kb' }), express.json({ limit: '10kb' }), inputHygiene, wrongKeys.counting(postback));

  router.post('/stats/import', async (req, res, next) => {
    const apiKey = req.get('x-api-key');
    if (apiKey) return wrongKeys.guard(req, res, next);
    return deps.auth.admin(req, res, next);
  }, wrongKeys.counting(async (req, res) => {
    const now = deps.clock();
    const apiKey = req.get('x-api-key');
    let sender: ImportSender;
    let offerScope: string[] | null = null;
    if (apiKey) {
      const key = await verifyApiKey(deps.pool, apiKey, now);
      if (!key) throw new AppError(401, API_KEY_REFUSED);
      sender = { kind: 'api_key', key_id: key.key_id, name: key.name };
      offerScope = key.offer_ids;
    } else {
      sender = { kind: 'admin', user_id: currentUser(req).id };
    }
    const { preview } = parse(importQuerySchema, req.query);
    const format = importFormatOf(req.get('content-type'));
    if (!format) throw new AppError(415, 'Envoyez un fichier JSON (application/json) ou CSV (text/csv)');
    const fileName = fileNameOf(req.get('x-file-name'));
    const ctx = { ...requestContext(req, now), ...(apiKey ? { actor: { id: sender.kind === 'api_key' ? sender.key_id : 'system', role: 'system' as const } } : {}) };
    const result = await importStats(deps, readImportRows(req as unknown as Readable, format), {
      preview: preview === 'true', fileName, sender, offerScope, ctx,
      stillAllowed: sender.kind === 'api_key' ? (tx) => apiKeyActive(tx, sender.key_id) : undefined,
    });
    if (!result.ok) {
      throw new AppError(400, `Le fichier contient ${result.errors_total} ligne${result.errors_total > 1 ? 's' : ''} refusée${result.errors_total > 1 ? 's' : ''} : rien n'a été importé`, {
        rows_received: result.rows_received,
        errors_total: result.errors_total,
        rejected_rows: result.errors,
      });
    }
    res.json(result);
  }));

  return router;
}
