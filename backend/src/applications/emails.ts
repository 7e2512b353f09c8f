import { formatAffiliateId } from '@affilux/contract';
import { composeEmail } from '../mail/emailLayout';

export const welcomeEmail = (to: string, firstName: string, uniqueId: number, publicUrl: string) =>
  composeEmail(to, {
    subject: 'Bienvenue chez Affilux : votre compte affilié est ouvert',
    title: `Bienvenue ${firstName} !`,
    paragraphs: [
      'Bonne nouvelle : votre candidature a été acceptée et votre compte affilié est ouvert.',
      `Votre identifiant affilié : ${formatAffiliateId(uniqueId)}.`,
      "Connectez-vous avec l'adresse email et le mot de passe choisis lors de votre inscription. À la première connexion, nous vous demanderons de confirmer votre adresse email avec un code à 6 chiffres.",
      'Votre manager dédié reste à votre disposition pour choisir vos offres et vos modes de paiement.',
    ],
    action: { label: 'Se connecter', url: `${publicUrl}/login` },
  });

export const rejectionEmail = (to: string, firstName: string) =>
  composeEmail(to, {
    subject: 'Votre candidature Affilux',
    title: `Bonjour ${firstName},`,
    paragraphs: [
      "Merci de l'intérêt que vous portez à Affilux. Après examen attentif, nous ne sommes pas en mesure d'accepter votre candidature pour le moment.",
      'Vous pouvez nous écrire via la page contact si vous souhaitez en savoir plus ou si votre activité évolue.',
    ],
  });
