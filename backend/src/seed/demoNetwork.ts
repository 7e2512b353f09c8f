import type { Country, OfferCategory, PaymentType, ProfileType, TrafficSource } from '@affilux/contract';
import type { Rgb } from './brandImages';

/** What the demo network is made of: people, brands and words. Names and addresses are made up (.test domains). */

export const MANAGERS = [
  { nom: 'Julie Moreau', telegram: '@julie_affilux', mail: 'julie.moreau@affilux.test' },
  { nom: 'Karim Benali', telegram: '@karim_affilux', mail: 'karim.benali@affilux.test' },
  { nom: 'Sophie Lambert', telegram: null, mail: 'sophie.lambert@affilux.test' },
  { nom: 'Thomas Girard', telegram: '@tgirard', mail: null },
] as const;

type Tier = { tier_level: number; min_sales: number; max_sales: number | null; amount: string };
export type VariantPlan = { key: 'ppt-fixed' | 'ppt-tiers' | 'sale-fixed' | 'sale-tiers'; payment_type: PaymentType; name: string; base_amount: string; is_evolutionary: boolean; tiers: Tier[] };

export const VARIANTS: VariantPlan[] = [
  { key: 'ppt-fixed', payment_type: 'ppt', name: 'PPT Premium', base_amount: '25.00', is_evolutionary: false, tiers: [] },
  {
    key: 'ppt-tiers', payment_type: 'ppt', name: 'PPT Paliers', base_amount: '18.00', is_evolutionary: true,
    tiers: [
      { tier_level: 1, min_sales: 0, max_sales: 29, amount: '18.00' },
      { tier_level: 2, min_sales: 30, max_sales: 59, amount: '22.00' },
      { tier_level: 3, min_sales: 60, max_sales: null, amount: '26.00' },
    ],
  },
  { key: 'sale-fixed', payment_type: 'sale', name: 'SALE Fixe 45 €', base_amount: '45.00', is_evolutionary: false, tiers: [] },
  {
    key: 'sale-tiers', payment_type: 'sale', name: 'SALE Évolutive', base_amount: '40.00', is_evolutionary: true,
    tiers: [
      { tier_level: 1, min_sales: 0, max_sales: 9, amount: '40.00' },
      { tier_level: 2, min_sales: 10, max_sales: 24, amount: '50.00' },
      { tier_level: 3, min_sales: 25, max_sales: null, amount: '60.00' },
    ],
  },
];

/** The later version of an edited variant (every edit is a new version; earlier days keep the first). */
export const VARIANT_EDITS: Partial<Record<VariantPlan['key'], Pick<VariantPlan, 'base_amount' | 'tiers'>>> = {
  'sale-tiers': {
    base_amount: '42.00',
    tiers: [
      { tier_level: 1, min_sales: 0, max_sales: 9, amount: '42.00' },
      { tier_level: 2, min_sales: 10, max_sales: 19, amount: '52.00' },
      { tier_level: 3, min_sales: 20, max_sales: null, amount: '65.00' },
    ],
  },
  'ppt-tiers': {
    base_amount: '18.00',
    tiers: [
      { tier_level: 1, min_sales: 0, max_sales: 24, amount: '18.00' },
      { tier_level: 2, min_sales: 25, max_sales: 49, amount: '23.00' },
      { tier_level: 3, min_sales: 50, max_sales: null, amount: '28.00' },
    ],
  },
};

/** The network's standard rates: what affiliates without a variant earn per trial (PPT) or sale (SALE). */
export const STANDARD_RATES = { ppt: '20.00', sale: '38.00' } as const;
/** The SALE standard rate later in the year (a mid-week change). */
export const RAISED_SALE_RATE = '40.00';

export type OfferPlan = {
  brand: string;
  category: OfferCategory;
  tagline: string;
  colours: [Rgb, Rgb];
  intake: 'import' | 'postback';
  /** Private offers are given to a few affiliates once they exist. */
  private?: true;
  inactive?: true;
  /** A sale link of its own besides the default one. */
  saleLink?: true;
  modular?: true;
  templateImage?: true;
};

export const OFFERS: OfferPlan[] = [
  { brand: 'LoveMatch', category: 'Dating', tagline: 'RENCONTRES SERIEUSES 18+', colours: [[232, 20, 95], [124, 58, 237]], intake: 'import', saleLink: true, templateImage: true },
  { brand: 'CamStars', category: 'Cams', tagline: 'LIVE 24/7 - 18+', colours: [[15, 23, 42], [220, 38, 38]], intake: 'postback', templateImage: true },
  { brand: 'Lucky Royale', category: 'Casino', tagline: 'BONUS DE BIENVENUE 200 €', colours: [[120, 53, 15], [234, 179, 8]], intake: 'import', modular: true },
  { brand: 'Pixel Passion', category: 'Adult Games', tagline: 'JEUX POUR ADULTES 18+', colours: [[30, 64, 175], [236, 72, 153]], intake: 'import', templateImage: true },
  { brand: 'FlirtZone', category: 'Dating', tagline: 'OFFRE PRIVEE - VIP', colours: [[190, 18, 60], [251, 146, 60]], intake: 'import', private: true },
  { brand: 'Casino Azur', category: 'Casino', tagline: 'LA COTE EN LIGNE', colours: [[3, 105, 161], [45, 212, 191]], intake: 'postback', saleLink: true },
  { brand: 'Amours Secrets', category: 'Dating', tagline: 'DISCRETION ASSUREE', colours: [[88, 28, 135], [244, 63, 94]], intake: 'import', templateImage: true },
  { brand: 'LiveDuo', category: 'Cams', tagline: 'CAMS EN DUO 18+', colours: [[17, 24, 39], [139, 92, 246]], intake: 'import' },
  { brand: 'Jackpot Palace', category: 'Casino', tagline: 'JACKPOTS PROGRESSIFS', colours: [[127, 29, 29], [250, 204, 21]], intake: 'postback' },
  { brand: 'SirenSaga', category: 'Adult Games', tagline: 'RPG FANTASY 18+', colours: [[6, 78, 59], [59, 130, 246]], intake: 'import', modular: true },
  { brand: 'NightCams', category: 'Cams', tagline: 'SHOWS PRIVES', colours: [[30, 27, 75], [217, 70, 239]], intake: 'import', private: true },
  { brand: 'CupidoLink', category: 'Dating', tagline: 'MATCHS EN 24 H', colours: [[219, 39, 119], [253, 186, 116]], intake: 'import', saleLink: true },
  { brand: 'Roulette Riviera', category: 'Casino', tagline: 'TABLES EN DIRECT', colours: [[20, 83, 45], [163, 230, 53]], intake: 'import', private: true },
  { brand: 'PlayNights', category: 'Adult Games', tagline: 'SOIREES INTERACTIVES', colours: [[67, 56, 202], [14, 165, 233]], intake: 'import' },
  { brand: 'VelvetCam', category: 'Cams', tagline: 'PREMIUM HD 18+', colours: [[76, 5, 25], [225, 29, 72]], intake: 'postback' },
  { brand: 'Coeurs Libres', category: 'Dating', tagline: 'CELIBATAIRES 40+', colours: [[159, 18, 57], [129, 140, 248]], intake: 'import', inactive: true },
];

export const FIRST_NAMES = [
  'Camille', 'Lucas', 'Léa', 'Hugo', 'Chloé', 'Louis', 'Manon', 'Nathan', 'Inès', 'Jules', 'Sarah', 'Gabriel', 'Emma', 'Adam',
  'Zoé', 'Arthur', 'Jade', 'Raphaël', 'Louise', 'Ethan', 'Alice', 'Noah', 'Lina', 'Mathis', 'Rose', 'Théo', 'Anna', 'Yanis',
] as const;
export const LAST_NAMES = [
  'Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent',
  'Lefebvre', 'Michel', 'Garcia', 'David', 'Bertrand', 'Roux', 'Vincent', 'Fournier', 'Morel', 'Girard', 'André', 'Mercier',
] as const;
export const COUNTRIES_SEEN: Country[] = ['France', 'France', 'France', 'Belgium', 'Switzerland', 'Canada', 'Spain', 'Germany', 'UK', 'Netherlands'];
export const PROFILES: ProfileType[] = ['individual', 'website', 'traffic_buyer', 'agency', 'network', 'beginner'];
export const SOURCES: TrafficSource[] = ['SEO', 'Twitter', 'Facebook', 'Instagram', 'TikTok', 'YouTube', 'Snapchat', 'other'];
export const EXPERIENCES = [
  "Je gère un réseau de sites de rencontres et de blogs lifestyle, environ 60 000 visites par mois, surtout du trafic SEO.",
  'Media buyer sur Facebook et TikTok depuis 2021, budgets quotidiens entre 300 et 1 500 euros sur des offres dating.',
  "Créatrice de contenu : compte Instagram de 45 000 abonnés et une chaîne YouTube sur les relations amoureuses.",
  "Agence de 5 personnes spécialisée dans l'acquisition payante, déjà partenaire de plusieurs réseaux européens.",
  'Réseau de canaux Telegram et Snapchat (80 000 membres au total) autour du divertissement pour adultes.',
  "Débutant motivé : un site de comparatifs de casinos en ligne lancé l'an dernier, 8 000 visites par mois.",
] as const;

export const CONTACT_MESSAGES = [
  { subject: 'Question sur les paiements', message: "Bonjour, à partir de quel montant les paiements en USDT sont-ils envoyés ? Merci d'avance." },
  { subject: 'Partenariat agence', message: 'Nous sommes une agence média à Lyon et souhaitons présenter nos volumes sur vos offres dating.' },
  { subject: 'Mon compte est gelé', message: "Bonjour, je ne peux plus accéder à mon espace depuis ce matin, pouvez-vous m'expliquer pourquoi ?" },
  { subject: 'Changement de manager', message: 'Serait-il possible de changer de manager ? Je préfère un contact disponible sur Telegram.' },
  { subject: 'Nouvelle offre casino', message: 'Avez-vous une offre casino acceptant le trafic en provenance de Belgique et de Suisse ?' },
  { subject: 'Facturation et SIRET', message: "Je viens de créer ma société : comment mettre à jour mon SIRET pour les prochaines factures ?" },
  { subject: 'Postback pour CamStars', message: 'Notre équipe technique voudrait tester le postback avant de lancer une campagne importante.' },
  { subject: 'Statistiques du week-end', message: "Les chiffres de samedi n'apparaissent pas encore dans mon tableau, est-ce normal ?" },
  { subject: 'Demande de bonus', message: 'Nous avons dépassé 200 ventes ce mois-ci : un palier supérieur serait-il envisageable ?' },
] as const;

export const CRYPTO_WALLETS = [
  { crypto_name: 'USDT (TRC20)', prefix: 'T' },
  { crypto_name: 'Bitcoin', prefix: 'bc1q' },
  { crypto_name: 'USDC (ERC20)', prefix: '0x' },
] as const;

export const CITIES = ['12 rue de la République, 69002 Lyon', '8 boulevard Longchamp, 13001 Marseille', '25 rue Sainte-Catherine, 33000 Bordeaux', '3 place du Capitole, 31000 Toulouse', '40 rue de Rivoli, 75004 Paris'] as const;
