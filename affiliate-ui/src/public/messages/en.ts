import type { PublicMessages } from './fr';

/** English copy of the public pages; typed against the French reference so no key can be missing. */
export const en: PublicMessages = {
  newsletterConfirm: {
    title: 'Newsletter subscription',
    confirming: 'Confirming your subscription…',
    confirmed: 'Your newsletter subscription is confirmed. Thank you!',
    failed: 'This confirmation link is invalid or has expired.',
    home: 'Back to the home page',
  },
  underConstruction: {
    badge: 'Under construction',
    title: 'This page is coming soon',
    text: 'We are finishing its content. In the meantime, our answers to frequent questions and our support team are here for you.',
    faq: 'Read the FAQ',
    contact: 'Contact us',
  },
  home: {
    pageTitle: 'Premium affiliate network',
    hero: {
      eyebrow: 'Premium affiliate network',
      title: 'Monetize your adult traffic with offers that convert',
      subtitle:
        'Dating, Cams, Adult, Adult Games and Casino: premium brands, real-time tracking, a dedicated account manager and weekly cryptocurrency payouts.',
      start: 'Get started',
      faq: 'Frequently asked questions',
      panelTitle: 'At a glance',
      facts: {
        review: 'Applications reviewed within 24 to 48 h',
        payday: 'Paid every Wednesday, in crypto',
        threshold: 'Payout threshold: {{minPayout}}',
        trackers: 'Custom trackers S1 and S2',
      },
    },
    features: {
      eyebrow: 'Why Affilux',
      title: 'Everything you need to perform',
      subtitle: 'A platform built by affiliates, for affiliates: transparent, fast and profitable.',
      secure: {
        title: 'Secure platform',
        text: 'Your data and earnings are protected. Follow every click, sign-up and conversion in real time from your affiliate area.',
      },
      premium: {
        title: 'Premium offers',
        text: 'Well-known brands in Dating, Cams, Adult, Adult Games and Casino, plus private offers reserved for selected affiliates.',
      },
      crypto: {
        title: 'Crypto payment',
        text: 'Automatic weekly payouts in cryptocurrency, every Wednesday for the previous week, from a {{minPayout}} balance.',
      },
      support: {
        title: '24/7 expert support',
        text: 'A dedicated account manager guides you, and our team of experts is available 24/7 to answer your questions.',
      },
    },
    steps: {
      eyebrow: 'How it works',
      title: 'Three steps to get started',
      apply: {
        title: 'Apply',
        text: 'Fill in the three-step sign-up form: your account, your profile and your experience.',
      },
      review: {
        title: 'Review within 24-48 h',
        text: 'Every application is reviewed manually by our team. Once accepted, you receive your access by email.',
      },
      earn: {
        title: 'Promote and get paid',
        text: 'Pick your offers, generate your tracking links and receive your earnings every week.',
      },
    },
    cta: {
      title: 'Ready to boost your revenue?',
      text: 'Join Affilux in a few minutes. Your application is reviewed within 24 to 48 hours.',
      button: 'Create my affiliate account',
    },
  },
  affiliation: {
    title: 'Affiliate programme',
    description:
      'The details of our programme are coming soon: PPT and SALE payment models, tiered evolutionary variants, the referral programme and our tracking tools. This page is under construction.',
  },
  about: {
    title: 'About Affilux',
    description: 'The story, the team and the values of the Affilux affiliate network will be presented here soon.',
  },
  faq: {
    title: 'Frequently asked questions',
    subtitle: 'Applications, offers, payments, support: find the answers to the questions our affiliates ask.',
    searchLabel: 'Search a question',
    searchPlaceholder: 'E.g. payment, tracker, delay…',
    clearSearch: 'Clear search',
    categoriesLabel: 'Filter by category',
    categories: {
      all: 'All',
      general: 'General',
      application: 'Application',
      payments: 'Payments',
      offers: 'Offers',
      support: 'Support',
    },
    empty: 'No question found for "{{term}}"',
    emptyCategory: 'No question in this category.',
    emptyHint: 'Try another keyword or another category.',
    moreTitle: "Didn't find your answer?",
    moreText: 'Our support team replies within 24 h, Monday to Friday.',
    contact: 'Contact us',
    register: 'Become an affiliate',
    items: {
      whatIsAffilux: {
        question: 'What is Affilux?',
        answer:
          'Affilux is an affiliate network specialised in adult verticals. We connect publishers and traffic buyers with premium brands, and pay you for every conversion generated through your tracking links.',
      },
      verticals: {
        question: 'Which verticals do you cover?',
        answer:
          'Our offers cover the Dating, Cams, Adult, Adult Games and Casino categories. The catalogue in your affiliate area is regularly extended with new brands.',
      },
      paymentModels: {
        question: 'Which payment models are available?',
        answer:
          'Two models: PPT (pay per trial), where you are paid for each trial or conversion, and SALE (pay per sale), where you are paid for each sale. Your rate can be standard, a fixed variant, or a tiered evolutionary variant that grows with your weekly volume.',
      },
      howToApply: {
        question: 'How do I become an affiliate?',
        answer:
          'Click "Become an affiliate" and fill in the three-step form: your account details, your profile (type of activity, contact method, country), then your experience and traffic sources. You must accept the terms of service to send your application.',
      },
      reviewTime: {
        question: 'How long does the review of my application take?',
        answer:
          'Every application is reviewed manually by our team, usually within 24 to 48 hours. You receive an email as soon as a decision is made; if you are accepted, it contains your access details.',
      },
      referral: {
        question: 'An affiliate recommended Affilux to me, how does it work?',
        answer:
          'Sign up through their referral link: the code is kept in your browser for 24 hours and attached to your application. Your referrer earns a referral commission on your activity, with no impact at all on your own earnings.',
      },
      accountManager: {
        question: 'Will I have a dedicated contact person?',
        answer:
          'Yes. Every affiliate has a dedicated account manager, reachable on Telegram or by email. They advise you on the offers that suit your traffic and set up your payment method.',
      },
      paymentSchedule: {
        question: 'When do I get paid?',
        answer:
          'Payments are weekly. Each period is an ISO week, Monday to Sunday, and the payment is sent automatically the following Wednesday, in cryptocurrency.',
      },
      paymentMethods: {
        question: 'Which payment methods do you accept?',
        answer:
          'We pay in cryptocurrency. Your payment method (currency and wallet address) is set up by your account manager: contact them for any change, as you cannot change it yourself from your area.',
      },
      minimumPayout: {
        question: 'Is there a minimum payout?',
        answer:
          'Yes, the payout threshold is {{minPayout}}. If your balance is below this amount at the end of a week, it is carried over to the following week until it reaches the threshold.',
      },
      dormantBalance: {
        question: 'What happens to a balance that no longer changes?',
        answer:
          'A balance that has remained unchanged for more than 90 days may be reduced to 0. Keep your account active or contact your account manager if you plan a long break.',
      },
      privateOffers: {
        question: 'What are private offers?',
        answer:
          'Some offers are not visible to everyone: they are reserved for selected affiliates based on the quality and volume of their traffic. Your account manager offers them to you when your profile matches.',
      },
      trackers: {
        question: 'Can I follow my campaigns with my own trackers?',
        answer:
          'Yes, each offer accepts two custom trackers, S1 and S2 (letters and digits only, 10 characters maximum). They are added to your affiliate link and shown in your statistics so you can compare your sources and campaigns.',
      },
      editLink: {
        question: 'Can I edit my affiliate link by hand?',
        answer:
          "No, never edit the link manually: you could lose the tracking of your conversions. Use the S1 and S2 trackers, the template choice and the customisation available in each offer's details.",
      },
      contactSupport: {
        question: 'How do I contact support?',
        answer:
          'Write to us through the contact form or at support@affilux.com. Our team is available Monday to Friday from 9:00 to 18:00 (CET) and replies within 24 hours. Telegram support is coming soon.',
      },
      frozenAccount: {
        question: 'My account is frozen, what should I do?',
        answer:
          'An account can be frozen during a compliance check. Contact your account manager, or support if no manager has been assigned to you yet, to find out what to do next.',
      },
    },
  },
  contact: {
    title: 'Contact us',
    subtitle: 'A question about your application, an offer or a payment? Our team replies within 24 h.',
    infoTitle: 'Our contact details',
    faqHint: 'The answer to your question may already be in our FAQ.',
    faqLink: 'Read the FAQ',
    formTitle: 'Send us a message',
    fields: {
      name: 'Name',
      email: 'Email',
      subject: 'Subject',
      message: 'Message',
    },
    errors: {
      nameRequired: 'Name is required',
      nameMin: 'Name must be at least 2 characters',
      emailRequired: 'Email is required',
      emailInvalid: 'Invalid email address',
      subjectRequired: 'Subject is required',
      subjectMin: 'Subject must be at least 5 characters',
      messageRequired: 'Message is required',
      messageMin: 'Message must be at least 10 characters',
      hiddenCharacter: 'This field holds an invisible or control character (a change of text direction, for example): type it again',
    },
    submit: 'Send message',
    sending: 'Sending…',
    success: 'Message sent successfully!',
    failure: 'Error while sending the message',
    thanksTitle: 'Thank you for your message!',
    thanksText: 'Our team will reply within 24 h to the email address you provided.',
  },
  terms: {
    title: 'Terms of service',
    subtitle: 'The rules that govern your participation in the Affilux affiliate programme.',
    version: 'Version {{version}}',
    updated: 'Last updated: {{date}}',
    articleLabel: 'Article {{number}}',
    expandAll: 'Expand all',
    collapseAll: 'Collapse all',
    questions: 'A question about these terms? Write to us.',
    contact: 'Contact support',
    articles: {
      introduction: {
        title: 'Introduction',
        paragraphs: [
          'These terms of service (the "Terms") govern the relationship between Affilux ("Affilux" or the "Platform") and any adult individual or legal entity registered in its affiliate programme (the "Affiliate").',
          'Affilux operates an affiliate network that connects advertisers in the Dating, Cams, Adult, Adult Games and Casino sectors with publishers, traffic buyers and agencies, and pays the latter for the conversions they generate.',
        ],
      },
      acceptance: {
        title: 'Acceptance of the terms',
        paragraphs: [
          'Sending an application constitutes full, complete and unreserved acceptance of these Terms, expressed by the checkbox of the sign-up form. No application can be sent without this acceptance.',
          'Affilux may amend the Terms at any time. The version in force, identified by its number and update date, is published on this page. Continuing to use the Platform after a new version is published constitutes acceptance of that version.',
        ],
      },
      natureOfService: {
        title: 'Nature of the service',
        paragraphs: [
          'Affilux provides the Affiliate with advertiser offers, tracking links, page templates, tracking scripts and performance statistics, available in the affiliate area.',
          'The Affiliate is paid according to the model assigned to them: PPT (payment per trial or conversion) or SALE (payment per sale). The applicable rate may be standard, a fixed variant, or a tiered evolutionary variant whose tiers are reset every Monday at 00:00.',
          'Affilux acts as an intermediary and is not the advertiser of the promoted products. The Affiliate carries out their activity independently; these Terms create no subordination, partnership, agency or employment relationship between the parties.',
        ],
      },
      affiliateObligations: {
        title: 'Affiliate obligations',
        paragraphs: [
          'The Affiliate declares that they are an adult professional and undertakes to provide accurate and up-to-date information at sign-up and throughout the relationship.',
          'The Affiliate undertakes to comply with all laws and regulations applicable to their activity, in particular those on the protection of minors, the advertising of adult content and gambling, personal data protection and direct marketing.',
          'The Affiliate shall not edit affiliate links manually, generate or buy artificial conversions, or promote an offer outside the specific conditions set for it.',
        ],
      },
      platformAccess: {
        title: 'Platform access',
        paragraphs: [
          'Every application is reviewed manually, usually within 24 to 48 hours. Affilux is free to accept or reject an application without giving reasons.',
          "The Affiliate's credentials are personal and confidential. The Affiliate is responsible for any use of their account and must verify their email address before accessing the features of their area.",
          'Affilux may suspend or freeze access to an account, as a precaution, if a breach of these Terms is suspected or while a compliance check is in progress.',
        ],
      },
      paymentConditions: {
        title: 'Payment conditions',
        paragraphs: [
          "Commissions are paid exclusively in cryptocurrency, to the wallet address recorded by the Affiliate's account manager. The Affiliate is solely responsible for the accuracy of that address.",
          'The payment period is weekly and corresponds to the ISO week, from Monday 00:00 to Sunday 23:59 (Paris time). The validated commissions of a period are paid automatically on the following Wednesday.',
          'The minimum payout is {{minPayout}} or its equivalent in cryptocurrency. A balance below this threshold is carried over to the following period until it is reached.',
          'A balance that has remained unchanged for more than 90 days may be reduced to zero.',
        ],
      },
      conversionValidity: {
        title: 'Conversion validity',
        paragraphs: [
          "Only conversions recorded by Affilux's tracking tools and validated by the advertiser are paid. Fraudulent or duplicate conversions, conversions from unauthorised sources or cancelled by the advertiser are not paid and may be deducted from later payments.",
          'Any dispute about statistics or commissions must be sent to Affilux within 5 days of their publication in the affiliate area. After this period, the published data is deemed accepted.',
        ],
      },
      billing: {
        title: 'Billing',
        paragraphs: [
          'For each payment, Affilux makes an invoice available in the affiliate area, stating the period, the amount and the payment reference.',
          'An Affiliate subject to an invoicing obligation in their country remains bound to issue their own invoices in accordance with the regulations that apply to them.',
        ],
      },
      taxation: {
        title: 'Taxation',
        paragraphs: [
          'The Affiliate is solely responsible for declaring their income and paying all taxes, duties and contributions due on the commissions received, including those related to holding and converting cryptocurrencies.',
          'Affilux may ask the Affiliate for the information and documents needed to meet its own tax and accounting obligations.',
        ],
      },
      trafficSources: {
        title: 'Traffic sources',
        paragraphs: [
          'The Affiliate only uses the traffic sources declared at sign-up or approved by their account manager. Any significant change of source must be reported in advance.',
          "The following are prohibited in particular: spam and unsolicited messages, adware, bot traffic, unauthorised incentivised traffic, bidding on advertisers' brands without written consent, and any distribution on unlawful media or media likely to reach minors.",
        ],
      },
      auditAndCompliance: {
        title: 'Audit and compliance',
        paragraphs: [
          "Affilux may at any time check the compliance of the Affiliate's traffic and ask for any useful information: URLs of the media, screenshots, sources and volumes, proof of identity or registration.",
          'In the event of proven non-compliance or refusal to cooperate, Affilux may suspend the account, withhold the commissions related to the traffic concerned and, where appropriate, terminate the relationship.',
        ],
      },
      confidentiality: {
        title: 'Confidentiality',
        paragraphs: [
          'The commercial terms, payment rates, private offers, statistics and advertiser information disclosed to the Affiliate are strictly confidential.',
          'The Affiliate shall not disclose them to third parties during the relationship or after it ends, unless required by law.',
        ],
      },
      nonCircumvention: {
        title: 'Non-circumvention',
        paragraphs: [
          'The Affiliate shall not solicit or contract, directly or indirectly, with an advertiser whose offer they learned about through Affilux, for the whole duration of the relationship and for 12 months after it ends.',
          'Any breach of this undertaking entitles Affilux to compensation for its entire loss, without prejudice to the immediate termination of the account.',
        ],
      },
      durationAndTermination: {
        title: 'Duration and termination',
        paragraphs: [
          'The relationship is entered into for an indefinite period from the acceptance of the application. Either party may end it at any time, in writing.',
          'In the event of a serious breach by the Affiliate, in particular fraud, Affilux may terminate the relationship with immediate effect and without notice.',
          'On termination, validated and undisputed commissions remain payable under the payment conditions of these Terms; commissions arising from non-compliant traffic are not payable.',
        ],
      },
      dataProtection: {
        title: 'Data protection',
        paragraphs: [
          "Affilux processes the Affiliate's personal data (identity, contact details, connection data, statistics and payment information) to manage their account, pay them and meet its legal obligations, in accordance with the General Data Protection Regulation (GDPR).",
          'The Affiliate has the rights of access, rectification, erasure, restriction, objection and portability, which they exercise by writing to support@affilux.com.',
          "The Affiliate is responsible for the processing they carry out on their own media, in particular obtaining their visitors' consent to cookies.",
        ],
      },
      subAffiliates: {
        title: 'Sub-affiliates',
        paragraphs: [
          "An Affiliate may recommend Affilux to other affiliates through their referral link. They then earn a referral commission whose rate is set by Affilux, without any reduction of the referred affiliate's earnings.",
          "Referring oneself or creating several accounts is prohibited. Using sub-affiliates to distribute the offers requires Affilux's prior written consent; the Affiliate then remains responsible for their compliance with these Terms.",
        ],
      },
      compensation: {
        title: 'Compensation',
        paragraphs: [
          'The Affiliate holds Affilux harmless from any claim, action or penalty by an advertiser, a third party or an authority arising from their traffic, their content or a breach of these Terms.',
          'They undertake to compensate Affilux for all sums that Affilux may be ordered to pay on that basis, including reasonable defence costs.',
        ],
      },
      applicableLaw: {
        title: 'Applicable law',
        paragraphs: [
          'These Terms are governed by French law.',
          'The parties will endeavour to settle amicably any dispute about their interpretation or performance. Failing agreement, the dispute will be brought before the competent courts of Paris.',
        ],
      },
      entireAgreement: {
        title: 'Entire agreement',
        paragraphs: [
          'These Terms, supplemented by the specific conditions communicated by the account manager (payment model and rate, variants, private offers), constitute the entire agreement between the parties.',
          'If any provision is declared void, the others remain in full force. Failure by Affilux to enforce a provision does not constitute a waiver of its right to enforce it later.',
        ],
      },
      legalMentions: {
        title: 'Legal notice',
        paragraphs: [
          'The Platform is published and operated by Affilux. The legal information of the publisher and the host is provided on request to support@affilux.com.',
          'All elements of the Platform (trademarks, logos, texts, interfaces) are protected by intellectual property law; any reproduction without authorisation is prohibited.',
        ],
      },
      liabilityLimitation: {
        title: 'Limitation of liability',
        paragraphs: [
          'Affilux is bound by an obligation of means. It cannot be held liable for service interruptions, tracking errors attributable to advertisers or third parties, or indirect damage such as loss of revenue, data or opportunity.',
          "In any event, Affilux's total liability under the relationship is limited to the amount of commissions paid to the Affiliate during the last three months preceding the event giving rise to the claim.",
        ],
      },
    },
  },
};
