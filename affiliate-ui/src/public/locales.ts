import { en } from './messages/en';
import { fr } from './messages/fr';

/** The `public` namespace: home, affiliation, about, FAQ, contact and terms pages. */
export const publicLocales = { fr, en };
