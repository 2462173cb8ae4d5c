import {
  ENGLISH_COMPANIES,
  ENGLISH_FIRST_NAMES,
  ENGLISH_LAST_NAMES,
  ENGLISH_POSITIONS,
  FRENCH_COMPANIES,
  FRENCH_FIRST_NAMES,
  FRENCH_LAST_NAMES,
  FRENCH_POSITIONS,
} from '@prospecta/api-client/fixtures';
import type {
  BuilderBrief,
  CampaignLanguage,
  LandingPage,
  SampleProspect,
  SequenceStepInput,
} from '@prospecta/domain/contract';

/**
 * The sequence editor's stories' data: sample prospects from the fixtures' cast (the demo world's first people) (one complete, one without company
 * and position, one without first name), a brief, landing pages and steps of each kind.
 */
export function samplesOf(language: CampaignLanguage): SampleProspect[] {
  const fr = language === 'fr';
  const cast = {
    firstNames: fr ? FRENCH_FIRST_NAMES : ENGLISH_FIRST_NAMES,
    lastNames: fr ? FRENCH_LAST_NAMES : ENGLISH_LAST_NAMES,
    companies: fr ? FRENCH_COMPANIES : ENGLISH_COMPANIES,
    positions: fr ? FRENCH_POSITIONS : ENGLISH_POSITIONS,
  };
  const at = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;
  return [
    {
      id: 101,
      first_name: at(cast.firstNames, 0),
      last_name: at(cast.lastNames, 0),
      company: at(cast.companies, 0),
      position: at(cast.positions, 0),
      email: 'first@example.com',
    },
    {
      id: 102,
      first_name: at(cast.firstNames, 1),
      last_name: at(cast.lastNames, 1),
      company: '',
      position: '',
      email: 'second@example.com',
    },
    {
      id: 103,
      first_name: '',
      last_name: at(cast.lastNames, 2),
      company: at(cast.companies, 2),
      position: at(cast.positions, 2),
      email: 'third@example.com',
    },
  ];
}

export const briefOf = (language: CampaignLanguage): BuilderBrief => ({
  offer_type: 'product',
  offer_name: 'Prospecta',
  description:
    language === 'fr'
      ? 'Un portail qui suit chaque prospect de vos campagnes e-mail et LinkedIn. Il réunit les réponses.'
      : 'A portal that follows every prospect of your e-mail and LinkedIn campaigns. It gathers the replies.',
  pricing: language === 'fr' ? '49 € par mois et par utilisateur.' : '€49 a month per user.',
  features:
    language === 'fr'
      ? ['Tableau de bord des prospects', 'Boîte de réception unique', 'Exports Excel']
      : ['A dashboard of prospects', 'One inbox for every reply', 'Excel exports'],
  audience: '',
  industries: '',
  company_sizes: [],
  people: '',
  website: 'https://example.com',
  additional_information: '',
});

export const landingPagesOf = (language: CampaignLanguage): LandingPage[] => [
  {
    key: 'demo',
    name: language === 'fr' ? 'Démo en ligne' : 'Online demo',
    url: 'https://example.com/demo',
    utm_source: 'prospecta',
    utm_medium: 'email',
    utm_campaign: language === 'fr' ? 'printemps-2027' : 'spring-2027',
    utm_content: '',
    utm_term: '',
  },
  {
    key: 'pricing',
    name: language === 'fr' ? 'Tarifs' : 'Pricing',
    url: 'https://example.com/pricing?plan=team',
    utm_source: 'prospecta',
    utm_medium: 'email',
    utm_campaign: '',
    utm_content: 'follow-up',
    utm_term: 'crm',
  },
];

/** One step of each type, written by hand (not drafts), passing every check. */
export function oneOfEach(language: CampaignLanguage): SequenceStepInput[] {
  const fr = language === 'fr';
  return [
    {
      type: 'email',
      name: fr ? 'Présentation' : 'Introduction',
      subject: fr ? 'Une idée pour {{company|votre équipe}}' : 'An idea for {{company|your team}}',
      body: fr
        ? 'Bonjour {{first_name|Madame, Monsieur}},\n\nNotre démo en deux minutes\u00a0: {{link:demo|voir la démo}}.\n\nBien cordialement,\n\n{{unsubscribe}}'
        : 'Hi {{first_name|there}},\n\nOur two-minute demo: {{link:demo|see the demo}}.\n\nBest regards,\n\n{{unsubscribe}}',
      delay_days: 0,
      condition: 'none',
      draft_template: false,
    },
    {
      type: 'linkedin_invitation',
      name: 'n/a',
      subject: '',
      body: fr
        ? 'Bonjour {{first_name|Madame, Monsieur}}, je vous ai écrit au sujet de Prospecta. Au plaisir d’échanger.'
        : 'Hi {{first_name|there}}, I wrote to you about Prospecta. Happy to connect.',
      delay_days: 1,
      condition: 'none',
      draft_template: false,
    },
    {
      type: 'linkedin_message',
      name: fr ? 'Message LinkedIn 1' : 'LinkedIn message 1',
      subject: '',
      body: fr
        ? 'Merci pour la mise en relation, {{first_name|Madame, Monsieur}}. Nos tarifs\u00a0: {{link:pricing}}.'
        : 'Thanks for connecting, {{first_name|there}}. Our pricing: {{link:pricing}}.',
      delay_days: 3,
      condition: 'no_reply',
      draft_template: false,
    },
  ];
}
