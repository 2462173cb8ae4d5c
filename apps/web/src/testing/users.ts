import type { SessionUser } from '../app/types';

/** Users of stories and unit tests (the same people as the demo data). */
export const staffUser: SessionUser = {
  id: 1,
  first_name: 'Sophie',
  last_name: 'Martin',
  full_name: 'Sophie Martin',
  email: 'staff@example.com',
  is_staff: true,
  flags: [],
  unread_messages_since: [],
  unread_messages_count: 0,
  company: { name: 'Prospecta', website: 'https://prospecta.example', commercial_activity: 'Prospection', description: null },
};

export const customerUser: SessionUser = {
  id: 2,
  first_name: 'Camille',
  last_name: 'Dubois',
  full_name: 'Camille Dubois',
  email: 'customer@example.com',
  is_staff: false,
  flags: ['onboarding_form'],
  unread_messages_since: [
    {
      message_id: 501,
      prospect_id: 41,
      first_name: 'Julie',
      last_name: 'Favre',
      company_name: 'Favre Logistique',
      channel: 'email',
      content: 'Bonjour, volontiers pour un appel jeudi.',
      received_at: '2026-11-19T08:15:00Z',
    },
    {
      message_id: 502,
      prospect_id: 42,
      first_name: 'Marc',
      last_name: 'Rochat',
      company_name: 'Rochat & Fils',
      channel: 'linkedin_message',
      content: 'Merci pour votre message, pouvez-vous m’envoyer une brochure ?',
      received_at: '2026-11-20T14:40:00Z',
    },
    {
      message_id: 503,
      prospect_id: 43,
      first_name: 'Nadia',
      last_name: 'Keller',
      company_name: 'Keller Immobilier',
      channel: 'email',
      content: 'Pas intéressée pour le moment.',
      received_at: '2026-11-21T07:05:00Z',
    },
  ],
  unread_messages_count: 3,
  company: {
    name: 'Dubois Conseil SA',
    website: 'https://dubois-conseil.example',
    commercial_activity: 'Conseil en organisation',
    description: 'Cabinet de conseil pour les PME romandes.',
  },
};

export const otherCustomerUser: SessionUser = {
  id: 3,
  first_name: 'Luca',
  last_name: 'Bernasconi',
  full_name: 'Luca Bernasconi',
  email: 'other.customer@example.com',
  is_staff: false,
  flags: [],
  unread_messages_since: [],
  unread_messages_count: 0,
  company: { name: 'Bernasconi Sagl', website: null, commercial_activity: null, description: null },
};
