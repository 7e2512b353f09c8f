import { randomUUID } from 'node:crypto';
import { COUNTRIES, PROFILE_TYPES, TRAFFIC_SOURCES, type PaymentType } from '@affilux/contract';
import { userStream, type AccountEvent } from '../../backend/src/accounts/events';
import { applicationStream, type ApplicationDetails, type ApplicationEvent } from '../../backend/src/applications/events';
import { contactMessageStream, type ContactMessageEvent } from '../../backend/src/contact/events';
import type { Actor, DomainEvent } from '../../backend/src/eventstore/commands';
import { signInStream } from '../../backend/src/identity/signIns';
import { managerStream, type ManagerEvent } from '../../backend/src/managers/events';
import { paymentVariantStream, type VariantDefinition, type VariantEvent } from '../../backend/src/variants/events';
import type { FigureChange } from '../../backend/src/figures/events';
import { affiliateFigures, importJourney, offerCreations, type FiguresHistoryEvent, type Offer } from './figuresHistory';

type SignedIn = DomainEvent<'SignedIn', Record<string, never>>;
type NetworkEvent = ApplicationEvent | AccountEvent | SignedIn | ContactMessageEvent | ManagerEvent | VariantEvent | FiguresHistoryEvent;

/** One append: events of one stream, written by one command. */
export type StreamAppend = { streamId: string; events: NetworkEvent[]; actor: Actor; at: Date };

/** Figure rows gathered before they are recorded as one import (a daily file of a busy network). */
const IMPORT_ROWS = 4000;

/**
 * The history of an affiliate network as the product writes it, in causal order: first the
 * catalogue (managers, payment variants, offers) as one journey, then one journey per applicant: the
 * application (submitted, sometimes re-referred, then approved, rejected or left pending), for an
 * approved one the account's opening on `user-<id>` and its sign-ins on `signins-<id>`, for most of
 * them weeks of figures (figuresHistory.ts: what each day earned, postbacks and reversals, the
 * week's close, its ledger item and its payout), and now and then a contact message. The figure rows
 * of the journeys are gathered into imports (started, chunks of changes, completed), each its own
 * journey. Each journey is a list of appends that must run in order; journeys are independent of
 * each other. Seeded, so every run writes the same shapes and sizes (ids aside).
 */
export function* networkHistory(seed: number): Generator<StreamAppend[]> {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const admin: Actor = { id: randomUUID(), role: 'admin' };
  let clock = Date.UTC(2024, 0, 8, 9, 0, 0);
  const tick = (maxMinutes: number) => new Date((clock += Math.ceil(random() * maxMinutes * 60_000)));

  const managerIds = Array.from({ length: 12 }, () => randomUUID());
  const variants = VARIANTS.map((variant) => ({ ...variant, variant_id: randomUUID() }));
  const managerCreations = managerIds.map((managerId, i): StreamAppend => ({
    streamId: managerStream(managerId),
    actor: admin,
    at: tick(5),
    events: [{ type: 'ManagerCreated', data: { manager_id: managerId, nom: `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`, telegram: `@manager_${i}`, mail: `manager${i}@affilux.fr` } }],
  }));
  const variantCreations = variants.map((variant): StreamAppend => ({
    streamId: paymentVariantStream(variant.variant_id),
    actor: admin,
    at: tick(5),
    events: [{ type: 'PaymentVariantCreated', data: variant }],
  }));
  const offers: Offer[] = Array.from({ length: 20 }, (_, i) => ({ offer_id: randomUUID(), unique_id: 501 + i, brand_name: `${pick(BRANDS)} ${i + 1}` }));
  yield [...managerCreations, ...variantCreations, ...offerCreations(offers, admin, () => tick(5))];

  const pendingRows: FigureChange[] = [];
  let invoices = 0;

  let nextUniqueId = 10001;
  for (;;) {
    const applicationId = randomUUID();
    const firstName = pick(FIRST_NAMES);
    const lastName = pick(LAST_NAMES);
    const username = `${firstName}.${lastName}${Math.floor(random() * 1000)}`.toLowerCase();
    const applicant: Actor = { id: applicationId, role: 'anonymous' };
    const details: ApplicationDetails = {
      first_name: firstName,
      last_name: lastName,
      username,
      email: `${username}.${applicationId.slice(0, 8)}@example.org`,
      profile_type: pick(PROFILE_TYPES),
      contact_method: `@${username.replace('.', '_')}`,
      country: pick(COUNTRIES),
      experience_description: pick(EXPERIENCES),
      affiliate_niches: [pick(NICHES), pick(NICHES)],
      traffic_sources: [pick(TRAFFIC_SOURCES), pick(TRAFFIC_SOURCES)].filter((s, i, all) => all.indexOf(s) === i),
      terms_accepted: true,
      referred_by: nextUniqueId > 10100 && random() < 0.15 ? 10001 + Math.floor(random() * (nextUniqueId - 10001)) : null,
    };
    const journey: StreamAppend[] = [
      { streamId: applicationStream(applicationId), actor: applicant, at: tick(20), events: [{ type: 'ApplicationSubmitted', data: { ...details, application_id: applicationId } }] },
    ];
    const review: ApplicationEvent[] = [];
    if (random() < 0.05) review.push({ type: 'ApplicationReferrerChanged', data: { referred_by: 10001 + Math.floor(random() * 90) } });

    const outcome = random();
    if (outcome >= 0.9) {
      if (review.length) journey.push({ streamId: applicationStream(applicationId), actor: admin, at: tick(60), events: review });
    } else if (outcome >= 0.8) {
      journey.push({ streamId: applicationStream(applicationId), actor: admin, at: tick(60), events: [...review, { type: 'ApplicationRejected', data: { address_taken: false } }] });
    } else {
      const uniqueId = nextUniqueId++;
      const variant = pick(variants);
      const managerId = random() < 0.85 ? pick(managerIds) : null;
      const commissionRate = details.referred_by !== null ? 5 : 0;
      const paymentType: PaymentType = variant.payment_type;
      const approvedAt = tick(60);
      journey.push({
        streamId: applicationStream(applicationId),
        actor: admin,
        at: approvedAt,
        events: [
          ...review,
          {
            type: 'ApplicationApproved',
            data: { user_id: applicationId, unique_id: uniqueId, manager_id: managerId, payment_type: paymentType, variant_id: variant.variant_id, referral_commission_tenths: commissionRate * 10 },
          },
        ],
      });
      const opening: AccountEvent[] = [
        {
          type: 'AffiliateAccountOpened',
          data: {
            user_id: applicationId, application_id: applicationId, unique_id: uniqueId, email: details.email, first_name: firstName,
            last_name: lastName, username, contact_method: details.contact_method, country: details.country,
          },
        },
        { type: 'PaymentSettingsChanged', data: { payment_type: paymentType, variant_id: variant.variant_id } },
      ];
      if (managerId) opening.push({ type: 'ManagerAssigned', data: { manager_id: managerId } });
      if (details.referred_by !== null) opening.push({ type: 'ReferrerAssigned', data: { referred_by: details.referred_by } });
      if (commissionRate > 0) opening.push({ type: 'ReferralCommissionRateChanged', data: { referral_commission_tenths: commissionRate * 10 } });
      journey.push({ streamId: userStream(applicationId), actor: admin, at: approvedAt, events: opening });

      const affiliate: Actor = { id: applicationId, role: 'affiliate' };
      if (random() < 0.7) journey.push({ streamId: userStream(applicationId), actor: affiliate, at: tick(30), events: [{ type: 'EmailVerified', data: { email: details.email } }] });
      const signIns = 1 + Math.floor(random() * 12);
      journey.push({
        streamId: signInStream(applicationId),
        actor: affiliate,
        at: tick(120),
        events: Array.from({ length: signIns }, (): SignedIn => ({ type: 'SignedIn', data: {} })),
      });
      if (random() < 0.6) {
        const weeks = 1 + Math.floor(random() * 8);
        const affiliateOffer = offers[Math.floor(random() * offers.length)]!;
        journey.push(
          ...affiliateFigures(
            random,
            { user_id: applicationId, payment_type: paymentType, variant, offer: affiliateOffer, openedAt: approvedAt, weeks },
            (rows) => pendingRows.push(...rows),
            () => ++invoices,
          ),
        );
      }
    }
    if (random() < 0.3) {
      const messageId = randomUUID();
      journey.push({
        streamId: contactMessageStream(messageId),
        actor: { id: 'anonymous', role: 'anonymous' },
        at: tick(30),
        events: [{ type: 'ContactMessageSubmitted', data: { message_id: messageId, name: `${firstName} ${lastName}`, email: details.email, subject: pick(SUBJECTS), message: pick(EXPERIENCES) } }],
      });
    }
    yield journey;
    if (pendingRows.length >= IMPORT_ROWS) yield importJourney(pendingRows.splice(0), admin, tick(1));
  }
}

/** A small, fast, seedable PRNG (mulberry32): the same seed gives the same history shapes. */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type VariantData = VariantDefinition;

const VARIANTS: Omit<VariantData, 'variant_id'>[] = [
  { payment_type: 'ppt', name: 'PPT standard', base_amount_cents: 1500, is_evolutionary: false, tiers: [] },
  {
    payment_type: 'ppt', name: 'PPT évolutif', base_amount_cents: 1500, is_evolutionary: true,
    tiers: [
      { tier_level: 1, min_sales: 0, max_sales: 49, amount_cents: 1500 },
      { tier_level: 2, min_sales: 50, max_sales: 199, amount_cents: 2000 },
      { tier_level: 3, min_sales: 200, max_sales: null, amount_cents: 2500 },
    ],
  },
  { payment_type: 'sale', name: 'Vente 30 %', base_amount_cents: 3000, is_evolutionary: false, tiers: [] },
  {
    payment_type: 'sale', name: 'Vente évolutive', base_amount_cents: 2500, is_evolutionary: true,
    tiers: [
      { tier_level: 1, min_sales: 0, max_sales: 99, amount_cents: 2500 },
      { tier_level: 2, min_sales: 100, max_sales: null, amount_cents: 3500 },
    ],
  },
];

const FIRST_NAMES = ['Camille', 'Lucas', 'Léa', 'Hugo', 'Chloé', 'Louis', 'Manon', 'Nathan', 'Inès', 'Jules', 'Sarah', 'Gabriel', 'Emma', 'Adam'] as const;
const LAST_NAMES = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent'] as const;
const BRANDS = ['LoveMatch', 'CasinoRoyal', 'FlirtZone', 'PokerStar', 'CamHouse', 'DateNow'] as const;
const NICHES = ['Paris sportifs', 'Casino', 'Poker', 'Finance', 'Crypto', 'Santé', 'Beauté', 'Jeux vidéo', 'Voyage'] as const;
const SUBJECTS = ['Question sur les paiements', 'Mon compte est gelé', 'Partenariat', 'Changement de manager', 'Facturation'] as const;
const EXPERIENCES = [
  "Je gère un site de pronostics sportifs depuis trois ans, environ 40 000 visites par mois, surtout du trafic SEO.",
  'Media buyer sur Facebook et TikTok depuis 2021, budgets quotidiens entre 500 et 2 000 euros sur des offres de jeux.',
  "Débutant motivé : j'ai une chaîne YouTube de 8 000 abonnés sur le poker et je souhaite monétiser mon audience.",
  'Agence de 6 personnes spécialisée dans l’acquisition payante, nous travaillons déjà avec plusieurs réseaux européens.',
  "Réseau de canaux Telegram (120 000 membres au total) autour des paris sportifs et de l'actualité du football.",
] as const;
