import { formatAffiliateId } from '@affilux/contract';
import { z } from 'zod';
import { handleCommand, type CommandContext } from '../eventstore/commands';
import type { AppDeps } from '../feature';
import { AppError, badRequest } from '../http/errors';
import { parse } from '../http/validate';
import { dayOf, isDay } from '../time/calendar';
import { conversionDecider, conversionStream, DuplicateConversion } from './conversion';
import { CONVERSION_KINDS } from './events';
import { trackerProblem } from './rawStats';

/**
 * A brand's JSON body may send an id as a number (`"txid": 12345`): it is the same text. Only a
 * whole number JSON reads exactly: past 2^53 two transactions could read as one, so that one is refused.
 */
const text = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value), schema);

const trackerParam = (name: 's1' | 's2') =>
  text(z.string().trim().superRefine((value, ctx) => {
    const problem = trackerProblem(value, name);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })).default('');

export const postbackSchema = z.object({
  key: z.string({ error: 'key est requis' }).min(1, 'key est requis').max(200),
  source: text(z.string({ error: 'source doit être un identifiant affilié à 5 chiffres' }).regex(/^\d{5}$/, 'source doit être un identifiant affilié à 5 chiffres')),
  event: z.enum(CONVERSION_KINDS, { error: 'event doit être click, registration, essay ou bill' }),
  txid: text(z.string({ error: (issue) => (issue.input === undefined ? 'txid est requis' : 'txid doit être un texte') }).trim().min(1, 'txid est requis').max(200, 'txid fait 200 caractères au plus')),
  s1: trackerParam('s1'),
  s2: trackerParam('s2'),
  date: z.string().refine(isDay, 'date doit être une date AAAA-MM-JJ').optional(),
  status: z.enum(['approved', 'reversed', 'rejected'], { error: 'status doit être approved ou reversed' }).default('approved'),
});

type OfferOfKey = { offer_id: string; unique_id: number; intake: 'import' | 'postback'; is_private: boolean; private_affiliate_ids: number[] };
type AffiliateOfSource = { user_id: string; created_at: Date };

/** A short-lived memo: a brand's system sends many postbacks with the same key and sources. */
function memo<V>(ttlMs: number, load: (key: string) => Promise<V | null>) {
  const entries = new Map<string, { value: V | null; until: number }>();
  return async (key: string): Promise<V | null> => {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const value = await load(key);
    if (entries.size > 10_000) entries.clear();
    entries.set(key, { value, until: now + ttlMs });
    return value;
  };
}

/**
 * Server-to-server postbacks: one conversion per call, on `conversion-<offer>-<kind>-<hash of txid>`.
 * The stream is created with "no stream" expected, so a transaction id counts once per offer and
 * kind, ever, whatever the number of senders repeating it; a reversal takes a known one back out.
 * Keys (with their offer's intake and privacy) and sources are memoised for a few seconds: a rotated
 * key stops working, and an offer's new intake or privacy applies, within 5 s.
 */
export function createPostbacks(deps: Pick<AppDeps, 'pool' | 'eventStore' | 'readModels'>) {
  const offerOfKey = memo<OfferOfKey>(5_000, async (key) => {
    const { rows } = await deps.pool.query<OfferOfKey>(
      `SELECT o.id::text AS offer_id, o.unique_id, o.intake, o.is_private, o.private_affiliate_ids
         FROM offer_postback_keys k JOIN rm_offers o ON o.id = k.offer_id WHERE k.key = $1`,
      [key],
    );
    return rows[0] ?? null;
  });
  const affiliateOf = memo<AffiliateOfSource>(30_000, async (source) => {
    const { rows } = await deps.pool.query<AffiliateOfSource>("SELECT id AS user_id, created_at FROM rm_users WHERE unique_id = $1 AND role = 'affiliate'", [Number(source)]);
    return rows[0] ?? null;
  });

  return async function receive(input: unknown, ctx: CommandContext): Promise<{ status: 'recorded' | 'duplicate' | 'reversed' }> {
    const params = parse(postbackSchema, input);
    const offer = await offerOfKey(params.key);
    if (!offer) throw new AppError(401, 'Clé de postback inconnue');
    const where = `offre ${formatAffiliateId(offer.unique_id)}`;
    // Only new conversions follow the offer's intake and privacy: a known one is taken back out whatever the offer has become.
    const reversal = params.status !== 'approved';
    if (!reversal && offer.intake !== 'postback') throw new AppError(409, `L'${where} reçoit ses chiffres par import, pas par postback`);
    const affiliate = await affiliateOf(params.source);
    if (!affiliate) throw badRequest(`Affilié inconnu : ${params.source}`, [{ field: 'source', msg: `Affilié inconnu : ${params.source}` }]);
    if (!reversal && offer.is_private && !offer.private_affiliate_ids.includes(Number(params.source))) {
      throw badRequest(`L'${where} est privée et n'est pas attribuée à l'affilié ${params.source}`, [{ field: 'source', msg: `L'${where} n'est pas attribuée à cet affilié` }]);
    }
    const today = dayOf(ctx.now);
    const day = params.date ?? today;
    if (day > today) throw badRequest(`Date dans le futur (${day})`, [{ field: 'date', msg: `Date dans le futur (${day})` }]);
    const opened = dayOf(affiliate.created_at);
    if (day < opened) throw badRequest(`Date antérieure à l'ouverture du compte de l'affilié (${opened})`, [{ field: 'date', msg: `Date antérieure à l'ouverture du compte (${opened})` }]);

    const stream = conversionStream(offer.offer_id, params.event, params.txid);
    // The answer says what the log now holds; a brand's server reads nothing back, so it does not wait for the statistics.
    if (reversal) {
      await handleCommand(deps, conversionDecider, stream, { type: 'ReverseConversion', kind: params.event, txid: params.txid, userId: affiliate.user_id }, ctx, { wait: 'none' });
      return { status: 'reversed' };
    }
    try {
      const key = { user_id: affiliate.user_id, day, offer_id: offer.offer_id, s1: params.s1, s2: params.s2 };
      await handleCommand(deps, conversionDecider, stream, { type: 'RecordConversion', key, kind: params.event, txid: params.txid }, ctx, { assumeNew: true, wait: 'none' });
      return { status: 'recorded' };
    } catch (error) {
      if (error instanceof DuplicateConversion) return { status: 'duplicate' };
      throw error;
    }
  };
}

export type Postbacks = ReturnType<typeof createPostbacks>;
