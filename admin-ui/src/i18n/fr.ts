import { applicationLabels } from '@affilux/contract';
import frenchMessages from 'ra-language-french';
import { statisticsMessages } from '../statistics/i18n';
import { usersMessages } from '../users/i18n';
import * as offers from '../offers/i18n';
import * as imports from '../imports/i18n';
import * as payments from '../payments/i18n';
import * as audit from '../audit/i18n';
import { catalogue } from './catalogue';

/** French is the default language of the back office; `en.ts` must have exactly the same keys. */
export const fr = {
  ...frenchMessages,
  // react-admin says "Éditer" where the rest of the back office and the affiliate area say "Modifier".
  ra: { ...frenchMessages.ra, action: { ...frenchMessages.ra.action, edit: 'Modifier' } },
  app: {
    offers: offers.fr.offers,
    ...imports.fr,
    brand: 'Affilux',
    document_title: 'Affilux — Administration',
    role: { admin: 'Administrateur', auditor: 'Auditeur', affiliate: 'Affilié' },
    menu: {
      dashboard: 'Tableau de bord',
      applications: 'Candidatures',
      offers: 'Offres',
      users: 'Utilisateurs',
      messages: 'Messages',
      managers: 'Managers',
      ppt_variants: 'Variantes PPT',
      sales_variants: 'Variantes SALE',
      payments: 'Paiements',
      open: 'Ouvrir le menu',
      main: 'Navigation principale',
    },
    user_menu: { language: 'Langue' },
    dashboard: {
      title: 'Tableau de bord',
      welcome: 'Bonjour %{name}',
      welcome_subtitle: "Bienvenue dans le back office Affilux : candidatures, affiliés, offres et paiements du réseau.",
      pending_title: 'Candidatures en attente',
      pending_count: '%{smart_count} candidature attend votre décision |||| %{smart_count} candidatures attendent votre décision',
      pending_none: 'Aucune candidature en attente.',
      pending_error: 'Le nombre de candidatures en attente est indisponible pour le moment.',
      review_applications: 'Examiner les candidatures',
    },
    applications: {
      tabs: { all: 'Toutes', pending: 'En attente', approved: 'Approuvées', rejected: 'Rejetées' },
      status: { pending: 'En attente', approved: 'Approuvée', rejected: 'Rejetée' },
      load_error: 'Erreur lors du chargement des candidatures',
      counts_error: 'Les compteurs de candidatures sont indisponibles.',
      empty: 'Aucune candidature dans cette catégorie.',
      received_on: 'Reçue le %{date}',
      no_traffic_sources: 'Aucune source indiquée',
      approve: 'Approuver',
      reject: 'Rejeter',
      reject_confirm_title: 'Rejeter la candidature de %{name} ?',
      reject_confirm_content: 'La candidature sera rejetée et ne pourra plus être approuvée.',
      approved: 'Candidature approuvée',
      rejected: 'Candidature rejetée',
      rejected_unmailed: 'Candidature rejetée sans email : un compte affilié utilise déjà cette adresse',
      approve_error: "Erreur lors de l'approbation de la candidature",
      reject_error: 'Erreur lors du rejet de la candidature',
      referrer: {
        none: 'Aucun parrain',
        edit: 'Modifier le parrain',
        add: 'Ajouter un parrain',
        unknown_name: 'Parrain',
      },
    },
    approve_dialog: {
      title: 'Approuver la candidature',
      intro: '%{name} : son compte affilié sera ouvert avec ces réglages, modifiables ensuite depuis sa fiche.',
      manager: 'Manager',
      no_manager: 'Aucun manager',
      payment_type: 'Type de paiement',
      variant: 'Variante de paiement',
      no_variant: 'Aucune variante',
      evolutionary: 'évolutive',
      commission_rate: 'Taux de commission de parrainage (%)',
      commission_rate_help: 'De 0 à 100, par pas de 0,1. Laissez 0 pour aucune commission.',
      commission_rate_error: 'Le taux de commission doit être entre 0 et 100%',
      commission_rate_step_error: 'Le taux de commission doit avoir au plus une décimale (pas de 0,1)',
      managers_error: 'Erreur de chargement des managers',
      variants_error: 'Erreur de chargement des variantes de paiement',
      confirm: 'Approuver',
    },
    referral_dialog: {
      title: 'Code de parrainage',
      intro: 'Identifiant affilié à 5 chiffres du parrain de %{name}.',
      help: 'Laissez vide pour retirer le parrain.',
      label: 'Code de parrainage',
      clear: 'Effacer',
      save: 'Enregistrer',
      digits_error: 'Le code de parrainage doit contenir exactement 5 chiffres',
      minimum_error: 'Le code de parrainage doit être un nombre valide (minimum 10)',
      self_error: 'Un utilisateur ne peut pas se parrainer lui-même',
      success: 'Code de parrainage mis à jour avec succès',
      validation_error: 'Erreur de validation: %{details}',
      error: 'Erreur lors de la mise à jour du code de parrainage',
    },
    payment_types: { ppt: 'PPT (par essai)', sale: 'SALE (par vente)' },
    profile_types: applicationLabels.fr.profileTypes,
    countries: applicationLabels.fr.countries,
    traffic_sources: applicationLabels.fr.trafficSources,
    ...catalogue.fr,
    users: usersMessages.fr,
    statistics: statisticsMessages.fr,
    ...payments.fr,
    ...audit.fr,
  },
  resources: {
    ...offers.fr.resources,
    applications: {
      name: 'Candidature |||| Candidatures',
      fields: {
        first_name: 'Prénom',
        last_name: 'Nom',
        username: "Nom d'utilisateur",
        email: 'Email',
        country: 'Pays',
        contact_method: 'Contact (Telegram)',
        profile_type: 'Type de profil',
        experience_description: 'Expérience',
        traffic_sources: 'Sources de trafic',
        status: 'Statut',
        created_at: 'Reçue le',
        referred_by: 'Parrain',
      },
    },
  },
};

export type AppMessages = typeof fr;
