/**
 * The demo world: the accounts, the seeded customers' campaigns, the named prospects the end-to-end tests rely on,
 * the tags, and the story fixtures' campaign names. Pure data: the server's seeds turn it into rows, the fixtures
 * into the contract's objects.
 */
import type { ProspectStatus } from '../status';
import { ENGLISH_COMPANIES, FRENCH_COMPANIES, type DemoCompany } from './people';

/** Every demo account's password. */
export const DEMO_PASSWORD = 'prospecta-demo';

export type DemoLang = 'fr' | 'en';

export interface DemoCampaign {
  name: string;
  status: 'draft' | 'running' | 'paused' | 'finished';
  isActive: boolean;
  lang: DemoLang;
  /** How many prospects the seed gives it. */
  size: number;
  steps: { name: string; type: 'email' | 'linkedin_invitation' | 'linkedin_message' }[];
}

/** A named prospect (in the campaign at index `campaign` of its customer's list). */
export interface DemoAnchor {
  campaign: number;
  title: 'mister' | 'miss';
  first: string;
  last: string;
  position: string;
  company: DemoCompany;
  status: ProspectStatus;
  responses: boolean;
  unread?: boolean;
  tags?: string[];
  comment?: string;
}

export const STEPS_FR: DemoCampaign['steps'] = [
  { name: 'n/a', type: 'linkedin_invitation' },
  { name: 'E-mail 1 — Présentation', type: 'email' },
  { name: 'Message LinkedIn — Cas client', type: 'linkedin_message' },
  { name: 'E-mail 2 — Relance', type: 'email' },
];
export const STEPS_EN: DemoCampaign['steps'] = [
  { name: 'Email 1 — Introduction', type: 'email' },
  { name: 'n/a', type: 'linkedin_invitation' },
  { name: 'LinkedIn message — Case study', type: 'linkedin_message' },
  { name: 'Email 2 — Follow-up', type: 'email' },
];

export const CUSTOMER_CAMPAIGNS: DemoCampaign[] = [
  {
    name: 'Lancement SaaS RH — Île-de-France',
    status: 'running',
    isActive: true,
    lang: 'fr',
    size: 70,
    steps: STEPS_FR,
  },
  {
    name: 'UK Fintech Outreach Q3',
    status: 'running',
    isActive: true,
    lang: 'en',
    size: 55,
    steps: STEPS_EN,
  },
  {
    name: 'Relance Salon VivaTech 2026',
    status: 'finished',
    isActive: false,
    lang: 'fr',
    size: 50,
    steps: STEPS_FR.slice(1),
  },
  {
    name: 'Cabinets comptables — Lyon',
    status: 'paused',
    isActive: false,
    lang: 'fr',
    size: 40,
    steps: STEPS_FR,
  },
  {
    name: 'LinkedIn — Directeurs industriels',
    status: 'running',
    isActive: true,
    lang: 'fr',
    size: 45,
    steps: STEPS_FR.slice(0, 3),
  },
];
export const OTHER_CUSTOMER_CAMPAIGNS: DemoCampaign[] = [
  {
    name: 'Retail Analytics — DACH',
    status: 'running',
    isActive: true,
    lang: 'en',
    size: 30,
    steps: STEPS_EN,
  },
  {
    name: 'Northwind Partner Programme',
    status: 'finished',
    isActive: false,
    lang: 'en',
    size: 20,
    steps: STEPS_EN.slice(0, 2),
  },
];

const fr = (name: string) => FRENCH_COMPANIES.find((c) => c.name === name) as DemoCompany;
const en = (name: string) => ENGLISH_COMPANIES.find((c) => c.name === name) as DemoCompany;

export const CUSTOMER_ANCHORS: DemoAnchor[] = [
  {
    campaign: 0,
    title: 'miss',
    first: 'Claire',
    last: 'Dubois',
    position: 'Directrice commerciale',
    company: fr('Boulangeries Lemoine'),
    status: 'to_call',
    responses: true,
    unread: true,
    tags: ['Chaud', 'Décideur'],
    comment: 'Appel de qualification fait, budget validé pour le prochain trimestre.',
  },
  {
    campaign: 0,
    title: 'mister',
    first: 'Thomas',
    last: 'Bernard',
    position: 'Directeur général',
    company: fr('Transports Girard & Fils'),
    status: 'ongoing',
    responses: false,
  },
  {
    campaign: 0,
    title: 'miss',
    first: 'Sophie',
    last: 'Lefèvre',
    position: 'Responsable RH',
    company: fr('Conseil RH Legrand'),
    status: 'lost',
    responses: true,
  },
  {
    campaign: 0,
    title: 'miss',
    first: 'Élodie',
    last: 'Martin',
    position: 'Office manager',
    company: fr('Imprimerie Morel'),
    status: 'pending',
    responses: false,
  },
  {
    campaign: 1,
    title: 'miss',
    first: 'Olivia',
    last: 'Smith',
    position: 'Head of Sales',
    company: en('Kestrel Payments'),
    status: 'converted',
    responses: true,
    tags: ['VIP'],
  },
  {
    campaign: 1,
    title: 'mister',
    first: 'James',
    last: 'Taylor',
    position: 'Finance Director',
    company: en('Thames Valley Finance'),
    status: 'nurture',
    responses: true,
  },
  {
    campaign: 1,
    title: 'mister',
    first: 'Oliver',
    last: 'Brown',
    position: 'Managing Director',
    company: en('Greenfield Software'),
    status: 'ongoing',
    responses: true,
    unread: true,
  },
  {
    campaign: 2,
    title: 'mister',
    first: 'Hugo',
    last: 'Fournier',
    position: 'Directeur des opérations',
    company: fr('Logistique Faure'),
    status: 'ongoing',
    responses: false,
  },
  {
    campaign: 3,
    title: 'mister',
    first: 'Nicolas',
    last: 'Petit',
    position: 'Gérant',
    company: fr('Cabinet Rousseau Expertise'),
    status: 'nurtured',
    responses: false,
  },
];
export const OTHER_ANCHORS: DemoAnchor[] = [
  {
    campaign: 0,
    title: 'mister',
    first: 'Harry',
    last: 'Wilson',
    position: 'CTO',
    company: en('Summit Cloud Services'),
    status: 'to_call',
    responses: true,
    unread: true,
    tags: ['Hot lead'],
  },
];

export const CUSTOMER_TAGS = ['Chaud', 'Décideur', 'Relance', 'VIP', 'Salon VivaTech'];
export const OTHER_TAGS = ['Hot lead', 'Decision maker', 'Follow-up'];

/** The three demo accounts (README: the demo logins). */
export const DEMO_USERS = {
  staff: {
    email: 'staff@example.com',
    first_name: 'Camille',
    last_name: 'Laurent',
    is_staff: true,
    flags: [] as string[],
    company: {
      name: 'Prospecta',
      website: 'https://www.prospecta.example',
      activity: 'Agence de prospection commerciale',
      description: 'Équipe interne Prospecta.',
    },
  },
  customer: {
    email: 'customer@example.com',
    first_name: 'Julien',
    last_name: 'Moreau',
    is_staff: false,
    flags: ['onboarding_form'],
    company: {
      name: 'Moreau Solutions RH',
      website: 'https://www.moreau-solutions-rh.fr',
      activity: 'Logiciel SaaS de gestion RH pour PME',
      description:
        'Éditeur lyonnais d’un logiciel de paie et de gestion des congés pour les PME de 10 à 250 salariés.',
    },
  },
  other: {
    email: 'other.customer@example.com',
    first_name: 'Emma',
    last_name: 'Clarke',
    is_staff: false,
    flags: [] as string[],
    company: {
      name: 'Northwind Analytics Ltd',
      website: 'https://www.northwind-analytics.co.uk',
      activity: 'Retail analytics consultancy',
      description: 'London consultancy helping retailers forecast demand.',
    },
  },
} as const;

export interface DemoUser {
  email: string;
  first_name: string;
  last_name: string;
  is_staff: boolean;
  flags: readonly string[];
  company: { name: string; website: string; activity: string; description: string };
}

/** The load seed's customers (benchmarks), apart from the demo accounts. */
export const LOAD_USERS = {
  /** 10,000 prospects over 8 campaigns, an inbox of 2,000 answers (the dashboard and inbox benchmarks). */
  customer: {
    email: 'load.customer@example.com',
    first_name: 'Louise',
    last_name: 'Charge',
    is_staff: false,
    flags: [],
    company: {
      name: 'Charge & Cie',
      website: 'https://www.charge-et-cie.fr',
      activity: 'Distribution B2B',
      description: 'Jeu de données de charge.',
    },
  },
  /** One active campaign of 10,000 prospects (the campaign benchmark). */
  campaign: {
    email: 'load.campaign@example.com',
    first_name: 'Camille',
    last_name: 'Volume',
    is_staff: false,
    flags: [],
    company: {
      name: 'Volume & Associés',
      website: 'https://www.volume-associes.fr',
      activity: 'Distribution B2B',
      description: 'Campagne de charge.',
    },
  },
} as const satisfies Record<string, DemoUser>;

/** The campaigns of the stories' fixtures (odd positions running, even ones finished). */
export const STORY_CAMPAIGN_NAMES = [
  'Relance grands comptes — printemps 2026',
  'UK logistics outreach Q2',
  'Salon des entrepreneurs de Lyon',
  'Dental clinics — follow-up',
] as const;
