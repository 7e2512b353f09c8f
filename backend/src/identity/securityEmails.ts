import { composeEmail } from '../mail/emailLayout';
import { CODE_VALIDITY_MINUTES } from './emailCodes';
import { TOKEN_VALIDITY_MINUTES } from './passwordReset';

export const passwordResetEmail = (to: string, firstName: string, resetUrl: string) =>
  composeEmail(to, {
    subject: 'Réinitialisation de votre mot de passe Affilux',
    title: `Bonjour ${firstName},`,
    paragraphs: [
      'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte Affilux.',
      `Ce lien est valable ${TOKEN_VALIDITY_MINUTES} minutes et ne peut servir qu'une seule fois.`,
      "Si vous n'êtes pas à l'origine de cette demande, ignorez cet email : votre mot de passe actuel reste valable.",
    ],
    action: { label: 'Choisir un nouveau mot de passe', url: resetUrl },
  });

export const verificationCodeEmail = (to: string, firstName: string, code: string) =>
  composeEmail(to, {
    subject: 'Votre code de vérification Affilux',
    title: `Bonjour ${firstName},`,
    paragraphs: [
      `Voici votre code pour confirmer votre adresse email. Il est valable ${CODE_VALIDITY_MINUTES} minutes.`,
      "Si vous n'avez rien demandé, ignorez simplement cet email.",
    ],
    code,
  });

export const newEmailCodeEmail = (to: string, firstName: string, code: string) =>
  composeEmail(to, {
    subject: 'Confirmez votre nouvelle adresse email Affilux',
    title: `Bonjour ${firstName},`,
    paragraphs: [
      `Pour que cette adresse devienne celle de votre compte Affilux, saisissez ce code dans votre espace. Il est valable ${CODE_VALIDITY_MINUTES} minutes.`,
      "Si vous n'avez rien demandé, ignorez cet email : aucune modification ne sera faite.",
    ],
    code,
  });

/** Sent to the previous address, so that the owner learns of a change they did not make. */
export const emailChangedNotice = (to: string, firstName: string, newEmail: string) =>
  composeEmail(to, {
    subject: 'Votre adresse email Affilux a été modifiée',
    title: `Bonjour ${firstName},`,
    paragraphs: [
      `L'adresse email de votre compte Affilux est désormais ${newEmail}. Les prochains emails seront envoyés à cette adresse.`,
      "Si vous n'êtes pas à l'origine de ce changement, contactez immédiatement le support.",
    ],
  });

export const passwordChangedNotice = (to: string, firstName: string, publicUrl: string) =>
  composeEmail(to, {
    subject: 'Votre mot de passe Affilux a été modifié',
    title: `Bonjour ${firstName},`,
    paragraphs: [
      "Le mot de passe de votre compte Affilux vient d'être modifié. Les sessions ouvertes avant ce changement ont été fermées.",
      "Si vous n'êtes pas à l'origine de ce changement, réinitialisez votre mot de passe sans attendre et contactez le support.",
    ],
    action: { label: 'Se connecter', url: `${publicUrl}/login` },
  });
