/**
 * French copy of the public pages (`public` namespace), the reference language.
 * `{{minPayout}}` receives the payout threshold already formatted in euros (fr-FR).
 */
export const fr = {
  newsletterConfirm: {
    title: 'Inscription à la newsletter',
    confirming: 'Confirmation de votre inscription…',
    confirmed: 'Votre inscription à la newsletter est confirmée. Merci !',
    failed: 'Ce lien de confirmation est invalide ou a expiré.',
    home: "Retour à l'accueil",
  },
  underConstruction: {
    badge: 'Page en construction',
    title: 'Cette page arrive bientôt',
    text: 'Nous finalisons son contenu. En attendant, nos réponses aux questions fréquentes et notre équipe support sont à votre disposition.',
    faq: 'Consulter la FAQ',
    contact: 'Nous contacter',
  },
  home: {
    pageTitle: "Réseau d'affiliation premium",
    hero: {
      eyebrow: "Réseau d'affiliation premium",
      title: 'Monétisez votre trafic adulte avec des offres qui convertissent',
      subtitle:
        'Dating, Cams, Adult, Adult Games et Casino\u00a0: des marques premium, un tracking en temps réel, un account manager dédié et des paiements hebdomadaires en cryptomonnaie.',
      start: 'Commencer',
      faq: 'Questions fréquentes',
      panelTitle: "L'essentiel",
      facts: {
        review: 'Candidature étudiée sous 24 à 48\u00a0h',
        payday: 'Paiement chaque mercredi, en crypto',
        threshold: 'Seuil de paiement\u00a0: {{minPayout}}',
        trackers: 'Trackers personnalisés S1 et S2',
      },
    },
    features: {
      eyebrow: 'Pourquoi Affilux',
      title: "Tout ce qu'il faut pour performer",
      subtitle: 'Une plateforme pensée par des affiliés, pour des affiliés\u00a0: transparente, rapide et rentable.',
      secure: {
        title: 'Plateforme sécurisée',
        text: 'Vos données et vos gains sont protégés. Suivez chaque clic, inscription et conversion en temps réel depuis votre espace affilié.',
      },
      premium: {
        title: 'Offres premium',
        text: 'Des marques reconnues en Dating, Cams, Adult, Adult Games et Casino, et des offres privées réservées aux affiliés sélectionnés.',
      },
      crypto: {
        title: 'Paiement crypto',
        text: 'Des paiements hebdomadaires automatiques en cryptomonnaie, chaque mercredi pour la semaine écoulée, dès {{minPayout}} de solde.',
      },
      support: {
        title: 'Support expert 24/7',
        text: "Un account manager dédié vous accompagne et notre équipe d'experts reste disponible 24h/24 et 7j/7 pour répondre à vos questions.",
      },
    },
    steps: {
      eyebrow: 'Comment ça marche',
      title: 'Trois étapes pour commencer',
      apply: {
        title: 'Postulez',
        text: "Remplissez le formulaire d'inscription en trois étapes\u00a0: votre compte, votre profil et votre expérience.",
      },
      review: {
        title: 'Validation sous 24-48\u00a0h',
        text: 'Chaque candidature est étudiée manuellement par notre équipe. Une fois acceptée, vous recevez vos accès par email.',
      },
      earn: {
        title: 'Promouvez et encaissez',
        text: 'Choisissez vos offres, générez vos liens de tracking et recevez vos gains chaque semaine.',
      },
    },
    cta: {
      title: 'Prêt à faire décoller vos revenus\u00a0?',
      text: 'Rejoignez Affilux en quelques minutes. Votre candidature est étudiée sous 24 à 48 heures.',
      button: 'Créer mon compte affilié',
    },
  },
  affiliation: {
    title: "Programme d'affiliation",
    description:
      "Découvrez bientôt le détail de notre programme\u00a0: modèles de rémunération PPT et SALE, variantes évolutives par paliers, programme de parrainage et outils de tracking. Cette page est en cours de construction.",
  },
  about: {
    title: "À propos d'Affilux",
    description: "L'histoire, l'équipe et les valeurs du réseau d'affiliation Affilux seront bientôt présentées ici.",
  },
  faq: {
    title: 'Questions fréquentes',
    subtitle: 'Candidature, offres, paiements, support\u00a0: retrouvez les réponses aux questions que se posent nos affiliés.',
    searchLabel: 'Rechercher une question',
    searchPlaceholder: 'Ex.\u00a0: paiement, tracker, délai…',
    clearSearch: 'Effacer la recherche',
    categoriesLabel: 'Filtrer par catégorie',
    categories: {
      all: 'Toutes',
      general: 'Général',
      application: 'Candidature',
      payments: 'Paiements',
      offers: 'Offres',
      support: 'Support',
    },
    empty: 'Aucune question trouvée pour "{{term}}"',
    emptyCategory: 'Aucune question dans cette catégorie.',
    emptyHint: 'Essayez un autre mot-clé ou une autre catégorie.',
    moreTitle: "Vous n'avez pas trouvé votre réponse\u00a0?",
    moreText: 'Notre équipe support vous répond sous 24\u00a0h, du lundi au vendredi.',
    contact: 'Contactez-nous',
    register: 'Devenir affilié',
    items: {
      whatIsAffilux: {
        question: "Qu'est-ce qu'Affilux\u00a0?",
        answer:
          "Affilux est un réseau d'affiliation spécialisé dans les verticales adultes. Nous mettons en relation des éditeurs et acheteurs de trafic avec des marques premium, et nous vous rémunérons pour chaque conversion générée via vos liens de tracking.",
      },
      verticals: {
        question: 'Quelles verticales proposez-vous\u00a0?',
        answer:
          'Nos offres couvrent les catégories Dating, Cams, Adult, Adult Games et Casino. Le catalogue disponible dans votre espace affilié évolue régulièrement avec de nouvelles marques.',
      },
      paymentModels: {
        question: 'Quels modèles de rémunération existent\u00a0?',
        answer:
          "Deux modèles\u00a0: PPT (pay per trial), où vous êtes payé pour chaque essai ou conversion, et SALE (pay per sale), où vous êtes payé pour chaque vente. Votre taux peut être standard, une variante fixe ou une variante évolutive par paliers qui augmente avec votre volume hebdomadaire.",
      },
      howToApply: {
        question: 'Comment devenir affilié\u00a0?',
        answer:
          "Cliquez sur «\u00a0Devenir affilié\u00a0» et remplissez le formulaire en trois étapes\u00a0: vos informations de compte, votre profil (type d'activité, moyen de contact, pays) puis votre expérience et vos sources de trafic. Vous devez accepter les conditions générales d'utilisation pour envoyer votre candidature.",
      },
      reviewTime: {
        question: 'Combien de temps prend la validation de ma candidature\u00a0?',
        answer:
          "Chaque candidature est étudiée manuellement par notre équipe, généralement sous 24 à 48 heures. Vous recevez un email dès que la décision est prise\u00a0; en cas d'acceptation, il contient vos accès.",
      },
      referral: {
        question: "Un affilié m'a recommandé Affilux, comment cela fonctionne-t-il\u00a0?",
        answer:
          "Inscrivez-vous via son lien de parrainage\u00a0: le code est conservé 24 heures dans votre navigateur et joint à votre candidature. Votre parrain perçoit une commission de parrainage sur votre activité, sans aucune incidence sur vos propres gains.",
      },
      accountManager: {
        question: 'Aurai-je un interlocuteur dédié\u00a0?',
        answer:
          "Oui. Chaque affilié dispose d'un account manager dédié, joignable par Telegram ou par email. Il vous conseille sur les offres adaptées à votre trafic et configure votre moyen de paiement.",
      },
      paymentSchedule: {
        question: 'Quand suis-je payé\u00a0?',
        answer:
          'Les paiements sont hebdomadaires. Chaque période correspond à une semaine ISO, du lundi au dimanche, et le paiement est envoyé automatiquement le mercredi suivant, en cryptomonnaie.',
      },
      paymentMethods: {
        question: 'Quels moyens de paiement acceptez-vous\u00a0?',
        answer:
          "Nous payons en cryptomonnaie. Votre moyen de paiement (devise et adresse de portefeuille) est configuré par votre account manager\u00a0: contactez-le pour toute modification, vous ne pouvez pas le changer vous-même depuis votre espace.",
      },
      minimumPayout: {
        question: 'Existe-t-il un montant minimum de paiement\u00a0?',
        answer:
          "Oui, le seuil de paiement est de {{minPayout}}. Si votre solde est inférieur à ce montant à la fin d'une semaine, il est reporté sur la semaine suivante jusqu'à atteindre le seuil.",
      },
      dormantBalance: {
        question: "Que devient un solde qui n'évolue plus\u00a0?",
        answer:
          "Un solde resté inchangé pendant plus de 90 jours peut être ramené à 0. Gardez votre compte actif ou contactez votre account manager si vous prévoyez une pause prolongée.",
      },
      privateOffers: {
        question: 'Que sont les offres privées\u00a0?',
        answer:
          "Certaines offres ne sont pas visibles par tous\u00a0: elles sont réservées aux affiliés sélectionnés selon la qualité et le volume de leur trafic. Votre account manager vous les propose lorsque votre profil correspond.",
      },
      trackers: {
        question: 'Puis-je suivre mes campagnes avec mes propres trackers\u00a0?',
        answer:
          "Oui, chaque offre accepte deux trackers personnalisés, S1 et S2 (lettres et chiffres uniquement, 10 caractères maximum). Ils sont ajoutés à votre lien d'affiliation et repris dans vos statistiques pour comparer vos sources et vos campagnes.",
      },
      editLink: {
        question: "Puis-je modifier mon lien d'affiliation à la main\u00a0?",
        answer:
          "Non, ne modifiez jamais le lien manuellement\u00a0: vous risqueriez de perdre le suivi de vos conversions. Utilisez les trackers S1 et S2, le choix du template et la personnalisation proposés dans le détail de chaque offre.",
      },
      contactSupport: {
        question: 'Comment contacter le support\u00a0?',
        answer:
          "Écrivez-nous via le formulaire de contact ou à support@affilux.com. Notre équipe est disponible du lundi au vendredi de 9h00 à 18h00 (CET) et répond sous 24 heures. Un support par Telegram sera bientôt disponible.",
      },
      frozenAccount: {
        question: 'Mon compte est gelé, que faire\u00a0?',
        answer:
          "Un compte peut être gelé lors d'une vérification de conformité. Contactez votre account manager, ou le support si aucun manager ne vous est encore attribué, pour connaître la marche à suivre.",
      },
    },
  },
  contact: {
    title: 'Contactez-nous',
    subtitle: 'Une question sur votre candidature, une offre ou un paiement\u00a0? Notre équipe vous répond sous 24\u00a0h.',
    infoTitle: 'Nos coordonnées',
    faqHint: 'La réponse à votre question se trouve peut-être déjà dans notre FAQ.',
    faqLink: 'Consulter la FAQ',
    formTitle: 'Envoyez-nous un message',
    fields: {
      name: 'Nom',
      email: 'Email',
      subject: 'Sujet',
      message: 'Message',
    },
    errors: {
      nameRequired: 'Le nom est requis',
      nameMin: 'Le nom doit contenir au moins 2 caractères',
      emailRequired: "L'email est requis",
      emailInvalid: 'Adresse email invalide',
      subjectRequired: 'Le sujet est requis',
      subjectMin: 'Le sujet doit contenir au moins 5 caractères',
      messageRequired: 'Le message est requis',
      messageMin: 'Le message doit contenir au moins 10 caractères',
      hiddenCharacter: 'Ce champ contient un caractère invisible ou de contrôle (par exemple un changement de sens du texte) : retapez-le',
    },
    submit: 'Envoyer le message',
    sending: 'Envoi en cours…',
    success: 'Message envoyé avec succès !',
    failure: "Erreur lors de l'envoi du message",
    thanksTitle: 'Merci pour votre message\u00a0!',
    thanksText: "Notre équipe vous répondra sous 24\u00a0h à l'adresse email indiquée.",
  },
  terms: {
    title: "Conditions générales d'utilisation",
    subtitle: "Les règles qui encadrent votre participation au programme d'affiliation Affilux.",
    version: 'Version {{version}}',
    updated: 'Dernière mise à jour\u00a0: {{date}}',
    articleLabel: 'Article {{number}}',
    expandAll: 'Tout déplier',
    collapseAll: 'Tout replier',
    questions: 'Une question sur ces conditions\u00a0? Écrivez-nous.',
    contact: 'Contacter le support',
    articles: {
      introduction: {
        title: 'Introduction',
        paragraphs: [
          "Les présentes conditions générales d'utilisation (les «\u00a0CGU\u00a0») régissent les relations entre Affilux («\u00a0Affilux\u00a0» ou la «\u00a0Plateforme\u00a0») et toute personne physique majeure ou personne morale inscrite à son programme d'affiliation (l'«\u00a0Affilié\u00a0»).",
          "Affilux exploite un réseau d'affiliation qui met en relation des annonceurs des secteurs Dating, Cams, Adult, Adult Games et Casino avec des éditeurs, acheteurs de trafic et agences, et rémunère ces derniers pour les conversions qu'ils génèrent.",
        ],
      },
      acceptance: {
        title: 'Acceptation des conditions',
        paragraphs: [
          "L'envoi d'une candidature vaut acceptation pleine, entière et sans réserve des présentes CGU, matérialisée par la case à cocher du formulaire d'inscription. Aucune candidature ne peut être transmise sans cette acceptation.",
          "Affilux peut modifier les CGU à tout moment. La version en vigueur, identifiée par son numéro et sa date de mise à jour, est publiée sur cette page. La poursuite de l'utilisation de la Plateforme après la publication d'une nouvelle version vaut acceptation de celle-ci.",
        ],
      },
      natureOfService: {
        title: 'Nature du service',
        paragraphs: [
          "Affilux met à la disposition de l'Affilié des offres d'annonceurs, des liens de tracking, des templates de pages, des scripts de suivi et des statistiques de performance accessibles depuis son espace affilié.",
          "La rémunération de l'Affilié suit le modèle qui lui est attribué\u00a0: PPT (rémunération par essai ou conversion) ou SALE (rémunération par vente). Le taux applicable peut être standard, une variante fixe ou une variante évolutive par paliers dont les paliers sont réinitialisés chaque lundi à 00h00.",
          "Affilux agit en qualité d'intermédiaire et n'est pas l'annonceur des produits promus. L'Affilié exerce son activité en toute indépendance\u00a0; les présentes CGU ne créent aucun lien de subordination, société, mandat ou contrat de travail entre les parties.",
        ],
      },
      affiliateObligations: {
        title: "Obligations de l'Affilié",
        paragraphs: [
          "L'Affilié déclare être majeur et professionnel, et fournir des informations exactes et à jour lors de son inscription puis tout au long de la relation.",
          "L'Affilié s'engage à respecter l'ensemble des lois et réglementations applicables à son activité, notamment celles relatives à la protection des mineurs, à la publicité des contenus pour adultes et des jeux d'argent, à la protection des données personnelles et à la prospection commerciale.",
          "L'Affilié s'interdit de modifier manuellement les liens d'affiliation, de générer ou d'acheter des conversions artificielles, et de promouvoir une offre en dehors des conditions particulières fixées pour celle-ci.",
        ],
      },
      platformAccess: {
        title: 'Accès à la Plateforme',
        paragraphs: [
          "Chaque candidature est examinée manuellement, généralement sous 24 à 48 heures. Affilux reste libre d'accepter ou de refuser une candidature sans avoir à motiver sa décision.",
          "Les identifiants de l'Affilié sont personnels et confidentiels. L'Affilié est responsable de toute utilisation de son compte et doit vérifier son adresse email avant d'accéder aux fonctionnalités de son espace.",
          "Affilux peut suspendre ou geler l'accès d'un compte, à titre conservatoire, en cas de manquement suspecté aux présentes CGU ou de vérification de conformité en cours.",
        ],
      },
      paymentConditions: {
        title: 'Conditions de paiement',
        paragraphs: [
          "Les commissions sont payées exclusivement en cryptomonnaie, sur l'adresse de portefeuille enregistrée par l'account manager de l'Affilié. L'Affilié est seul responsable de l'exactitude de cette adresse.",
          "La période de paiement est hebdomadaire et correspond à la semaine ISO, du lundi 00h00 au dimanche 23h59 (heure de Paris). Les commissions validées d'une période sont payées automatiquement le mercredi suivant.",
          "Le montant minimum de paiement est de {{minPayout}} ou son équivalent en cryptomonnaie. Un solde inférieur à ce seuil est reporté sur la période suivante, jusqu'à ce qu'il soit atteint.",
          "Un solde resté inchangé pendant plus de 90 jours peut être ramené à zéro.",
        ],
      },
      conversionValidity: {
        title: 'Validité des conversions',
        paragraphs: [
          "Seules les conversions enregistrées par les outils de tracking d'Affilux et validées par l'annonceur donnent lieu à rémunération. Les conversions frauduleuses, dupliquées, issues de sources non autorisées ou annulées par l'annonceur ne sont pas rémunérées et peuvent être déduites des paiements ultérieurs.",
          "Toute contestation relative aux statistiques ou aux commissions doit être adressée à Affilux dans un délai de 5 jours à compter de leur publication dans l'espace affilié. Passé ce délai, les données publiées sont réputées acceptées.",
        ],
      },
      billing: {
        title: 'Facturation',
        paragraphs: [
          "Pour chaque paiement, Affilux met à disposition dans l'espace affilié une facture mentionnant la période, le montant et la référence du paiement.",
          "L'Affilié soumis à une obligation de facturation dans son pays reste tenu d'émettre ses propres factures conformément à la réglementation qui lui est applicable.",
        ],
      },
      taxation: {
        title: 'Fiscalité',
        paragraphs: [
          "L'Affilié est seul responsable de la déclaration de ses revenus et du paiement de l'ensemble des impôts, taxes et cotisations dus au titre des commissions perçues, y compris ceux liés à la détention et à la conversion de cryptomonnaies.",
          "Affilux peut demander à l'Affilié les informations et justificatifs nécessaires au respect de ses propres obligations fiscales et comptables.",
        ],
      },
      trafficSources: {
        title: 'Sources de trafic',
        paragraphs: [
          "L'Affilié n'utilise que les sources de trafic déclarées lors de son inscription ou approuvées par son account manager. Tout changement significatif de source doit être signalé au préalable.",
          "Sont notamment interdits\u00a0: le spam et les envois non sollicités, les logiciels publicitaires, le trafic robotisé, le trafic incentivé non autorisé, l'enchère sur les marques des annonceurs sans accord écrit, ainsi que toute diffusion sur des supports illicites ou susceptibles d'atteindre des mineurs.",
        ],
      },
      auditAndCompliance: {
        title: 'Audit et conformité',
        paragraphs: [
          "Affilux peut à tout moment vérifier la conformité du trafic de l'Affilié et lui demander toute information utile\u00a0: URL des supports, captures d'écran, sources et volumes, justificatifs d'identité ou d'immatriculation.",
          "En cas de non-conformité avérée ou de refus de coopérer, Affilux peut suspendre le compte, retenir les commissions liées au trafic concerné et, le cas échéant, résilier la relation.",
        ],
      },
      confidentiality: {
        title: 'Confidentialité',
        paragraphs: [
          "Les conditions commerciales, taux de rémunération, offres privées, statistiques et informations relatives aux annonceurs communiqués à l'Affilié sont strictement confidentiels.",
          "L'Affilié s'interdit de les divulguer à des tiers pendant toute la durée de la relation et après son terme, sauf obligation légale.",
        ],
      },
      nonCircumvention: {
        title: 'Non-contournement',
        paragraphs: [
          "L'Affilié s'interdit de solliciter ou de contracter directement ou indirectement avec un annonceur dont il a connu l'offre par l'intermédiaire d'Affilux, pendant toute la durée de la relation et pendant 12 mois après la fin de celle-ci.",
          "Toute violation de cet engagement ouvre droit pour Affilux à réparation de son entier préjudice, sans préjudice de la résiliation immédiate du compte.",
        ],
      },
      durationAndTermination: {
        title: 'Durée et résiliation',
        paragraphs: [
          "La relation est conclue pour une durée indéterminée à compter de l'acceptation de la candidature. Chaque partie peut y mettre fin à tout moment, par écrit.",
          "En cas de manquement grave de l'Affilié, notamment de fraude, Affilux peut résilier la relation avec effet immédiat et sans préavis.",
          "À la résiliation, les commissions validées et non contestées restent dues dans les conditions de paiement prévues aux présentes\u00a0; les commissions issues d'un trafic non conforme ne sont pas dues.",
        ],
      },
      dataProtection: {
        title: 'Protection des données',
        paragraphs: [
          "Affilux traite les données personnelles de l'Affilié (identité, coordonnées, données de connexion, statistiques et informations de paiement) pour gérer son compte, le rémunérer et respecter ses obligations légales, conformément au Règlement général sur la protection des données (RGPD).",
          "L'Affilié dispose d'un droit d'accès, de rectification, d'effacement, de limitation, d'opposition et de portabilité, qu'il exerce en écrivant à support@affilux.com.",
          "L'Affilié est responsable des traitements qu'il réalise sur ses propres supports, notamment le recueil du consentement de ses visiteurs au dépôt de cookies.",
        ],
      },
      subAffiliates: {
        title: 'Sous-affiliés',
        paragraphs: [
          "Un Affilié peut recommander Affilux à d'autres affiliés au moyen de son lien de parrainage. Il perçoit alors une commission de parrainage dont le taux est fixé par Affilux, sans diminution des gains du filleul.",
          "Il est interdit de se parrainer soi-même ou de créer plusieurs comptes. Le recours à des sous-affiliés pour diffuser les offres nécessite l'accord écrit préalable d'Affilux\u00a0; l'Affilié demeure alors responsable du respect des présentes CGU par ces derniers.",
        ],
      },
      compensation: {
        title: 'Indemnisation',
        paragraphs: [
          "L'Affilié garantit Affilux contre toute réclamation, action ou sanction d'un annonceur, d'un tiers ou d'une autorité résultant de son trafic, de ses contenus ou d'une violation des présentes CGU.",
          "Il s'engage à indemniser Affilux de l'ensemble des sommes qui seraient mises à sa charge à ce titre, y compris les frais raisonnables de défense.",
        ],
      },
      applicableLaw: {
        title: 'Droit applicable',
        paragraphs: [
          "Les présentes CGU sont régies par le droit français.",
          "Les parties s'efforceront de résoudre à l'amiable tout différend relatif à leur interprétation ou à leur exécution. À défaut d'accord, le litige sera porté devant les tribunaux compétents de Paris.",
        ],
      },
      entireAgreement: {
        title: 'Intégralité',
        paragraphs: [
          "Les présentes CGU, complétées par les conditions particulières communiquées par l'account manager (modèle et taux de rémunération, variantes, offres privées), constituent l'intégralité de l'accord entre les parties.",
          "Si une stipulation était déclarée nulle, les autres conserveraient leur plein effet. Le fait pour Affilux de ne pas se prévaloir d'une stipulation ne vaut pas renonciation à s'en prévaloir ultérieurement.",
        ],
      },
      legalMentions: {
        title: 'Mentions légales',
        paragraphs: [
          "La Plateforme est éditée et exploitée par Affilux. Les informations légales de l'éditeur et de l'hébergeur sont communiquées sur simple demande adressée à support@affilux.com.",
          "L'ensemble des éléments de la Plateforme (marques, logos, textes, interfaces) est protégé par le droit de la propriété intellectuelle\u00a0; toute reproduction sans autorisation est interdite.",
        ],
      },
      liabilityLimitation: {
        title: 'Limitation de responsabilité',
        paragraphs: [
          "Affilux est tenue d'une obligation de moyens. Elle ne saurait être responsable des interruptions de service, des erreurs de tracking imputables aux annonceurs ou aux tiers, ni des dommages indirects tels que la perte de chiffre d'affaires, de données ou d'opportunité.",
          "En tout état de cause, la responsabilité totale d'Affilux au titre de la relation est limitée au montant des commissions versées à l'Affilié au cours des trois derniers mois précédant le fait générateur.",
        ],
      },
    },
  },
};

export type PublicMessages = typeof fr;
