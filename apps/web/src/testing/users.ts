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
  unread_messages_count: 0,
  company: { name: 'Bernasconi Sagl', website: null, commercial_activity: null, description: null },
};
