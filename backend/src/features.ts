import { accounts } from './accounts';
import { applications } from './applications';
import { compensation } from './compensation';
import { contact } from './contact';
import { earnings } from './earnings';
import type { Feature } from './feature';
import { figures } from './figures';
import { identity } from './identity';
import { managers } from './managers';
import { offers } from './offers';
import { payouts } from './payouts';
import { statistics } from './statistics';
import { variants } from './variants';

/** Every feature of the product; the server mounts their routes and runs their processors and jobs. */
export const features: Feature[] = [identity, accounts, applications, managers, variants, contact, offers, compensation, figures, earnings, statistics, payouts];
