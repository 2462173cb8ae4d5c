import type { ReplyLabel } from '../reply-labels';
/**
 * The demo world's people and companies, French and English: the server's demo and load seeds draw from every
 * entry, the stories' fixtures take the first ones (their cast, `storyCast`), so a name is written once. The
 * entries the stories show come first, in the order the fixtures pick them.
 */

export const FRENCH_FIRST = {
  mister: [
    'François',
    'Benoît',
    'Jérôme',
    'Loïc',
    'Gaëtan',
    'Julien',
    'Thomas',
    'Nicolas',
    'Antoine',
    'Mathieu',
    'Pierre',
    'Laurent',
    'Olivier',
    'Guillaume',
    'Sébastien',
    'Étienne',
    'Rémi',
    'Hugo',
    'Louis',
    'Maxime',
    'Cédric',
    'Yann',
    'Arnaud',
  ],
  miss: [
    'Élodie',
    'Anaïs',
    'Hélène',
    'Maëlle',
    'Camille',
    'Claire',
    'Sophie',
    'Aurélie',
    'Céline',
    'Julie',
    'Manon',
    'Chloé',
    'Léa',
    'Isabelle',
    'Nathalie',
    'Émilie',
    'Margaux',
    'Pauline',
    'Amandine',
    'Marion',
    'Sandrine',
  ],
} as const;

export const FRENCH_LAST = [
  'Lefèvre',
  'Dubois',
  'Rousseau',
  'Girard',
  'Bonnet',
  'Fontaine',
  'Mercier',
  "L'Héritier",
  'Chevalier',
  'Bérénger',
  'Martin',
  'Bernard',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Michel',
  'Garcia',
  'David',
  'Bertrand',
  'Roux',
  'Vincent',
  'Fournier',
  'Morel',
  'André',
  'Dupont',
  'Lambert',
  'François',
  'Martinez',
  'Legrand',
  'Garnier',
  'Faure',
  'Blanc',
  'Guérin',
  'Muller',
  'Henry',
  'Roussel',
  'Nicolas',
  'Perrin',
] as const;

export const ENGLISH_FIRST = {
  mister: [
    'James',
    'Harry',
    'George',
    'Oliver',
    'Noah',
    'William',
    'Jack',
    'Thomas',
    'Daniel',
    'Samuel',
    'Edward',
    'Henry',
    'Charles',
    'Benjamin',
    'Matthew',
    'Alexander',
  ],
  miss: [
    'Olivia',
    'Amelia',
    'Charlotte',
    'Isla',
    'Grace',
    'Emily',
    'Sophie',
    'Hannah',
    'Lucy',
    'Eleanor',
    'Isabella',
    'Jessica',
    'Rebecca',
    'Victoria',
    'Alice',
    'Harriet',
  ],
} as const;

export const ENGLISH_LAST = [
  'Smith',
  'Johnson',
  "O'Connor",
  'Brown',
  'Taylor',
  'Wilson',
  'Davies',
  'Evans',
  'Thompson',
  'Roberts',
  'Jones',
  'Williams',
  'Robinson',
  'Wright',
  'Walker',
  'White',
  'Green',
  'Hall',
  'Wood',
  'Jackson',
  'Clarke',
  'Hughes',
  'Edwards',
  'Turner',
  'Cooper',
  'Hill',
] as const;

export interface DemoCompany {
  name: string;
  domain: string;
  address: string;
}

export const FRENCH_COMPANIES: readonly DemoCompany[] = [
  {
    name: 'Boulangerie Lefèvre & Fils',
    domain: 'boulangerie-lefevre.fr',
    address: '12 rue de la République, 69002 Lyon',
  },
  {
    name: 'Atelier Numérique de Lyon',
    domain: 'atelier-numerique-lyon.fr',
    address: '5 quai Saint-Antoine, 69002 Lyon',
  },
  {
    name: 'Cabinet Rousseau Conseil',
    domain: 'rousseau-conseil.fr',
    address: '31 rue Sainte-Catherine, 33000 Bordeaux',
  },
  {
    name: 'Transports Girard SAS',
    domain: 'transports-girard.fr',
    address: '2 rue du Port, 76600 Le Havre',
  },
  {
    name: 'Éditions du Lac',
    domain: 'editions-du-lac.fr',
    address: '10 avenue d’Albigny, 74000 Annecy',
  },
  {
    name: 'Boulangeries Lemoine',
    domain: 'lemoine-boulangeries.fr',
    address: '12 rue de la Paix, 75002 Paris',
  },
  {
    name: 'Transports Girard & Fils',
    domain: 'girard-transports.fr',
    address: '45 avenue Jean Jaurès, 69007 Lyon',
  },
  {
    name: 'Cabinet Rousseau Expertise',
    domain: 'rousseau-expertise.fr',
    address: '8 place Bellecour, 69002 Lyon',
  },
  {
    name: 'Atelier Mercier Menuiserie',
    domain: 'mercier-menuiserie.fr',
    address: '3 impasse des Artisans, 44000 Nantes',
  },
  {
    name: 'Clinique Vétérinaire du Parc',
    domain: 'veto-duparc.fr',
    address: '27 boulevard Victor Hugo, 06000 Nice',
  },
  {
    name: 'Groupe Hôtelier Bellevue',
    domain: 'bellevue-hotels.fr',
    address: '101 promenade des Anglais, 06000 Nice',
  },
  {
    name: 'Imprimerie Morel',
    domain: 'imprimerie-morel.fr',
    address: '19 rue Nationale, 59000 Lille',
  },
  {
    name: 'Logistique Faure',
    domain: 'faure-logistique.fr',
    address: 'ZI des Chanteraines, 92390 Villeneuve-la-Garenne',
  },
  {
    name: 'Domaine Blanc Vignobles',
    domain: 'domaine-blanc.fr',
    address: 'Route des Vins, 21200 Beaune',
  },
  {
    name: 'Mécanique de Précision Perrin',
    domain: 'perrin-precision.fr',
    address: "6 rue de l'Industrie, 25000 Besançon",
  },
  {
    name: 'Agence Immobilière Lambert',
    domain: 'lambert-immo.fr',
    address: "33 cours de l'Intendance, 33000 Bordeaux",
  },
  {
    name: 'Pharmacie Centrale Dupont',
    domain: 'pharmacie-dupont.fr',
    address: '2 place du Capitole, 31000 Toulouse',
  },
  {
    name: 'Électricité Garnier SARL',
    domain: 'garnier-electricite.fr',
    address: '14 rue des Forges, 67000 Strasbourg',
  },
  { name: 'Conseil RH Legrand', domain: 'legrand-rh.fr', address: '58 rue de Rivoli, 75004 Paris' },
  {
    name: 'Brasserie du Vieux Port',
    domain: 'brasserie-vieuxport.fr',
    address: '1 quai du Port, 13002 Marseille',
  },
  {
    name: 'Études Notariales Bonnet',
    domain: 'notaires-bonnet.fr',
    address: '9 rue Saint-Ferréol, 13001 Marseille',
  },
  {
    name: 'Sécurité Incendie Roux',
    domain: 'roux-securite.fr',
    address: '22 rue de Metz, 54000 Nancy',
  },
  {
    name: 'Laboratoires Fournier Santé',
    domain: 'fournier-sante.fr',
    address: '7 allée Pasteur, 35000 Rennes',
  },
  {
    name: 'Cartonnages Vincent',
    domain: 'cartonnages-vincent.fr',
    address: 'ZA du Moulin, 49000 Angers',
  },
  {
    name: 'Horlogerie Muller',
    domain: 'horlogerie-muller.fr',
    address: "4 Grand'Rue, 68000 Colmar",
  },
];

export const ENGLISH_COMPANIES: readonly DemoCompany[] = [
  {
    name: 'Northwind Analytics Ltd',
    domain: 'northwind-analytics.co.uk',
    address: '30 Fenchurch Street, London EC3M 3BD',
  },
  {
    name: 'Blue Harbour Logistics',
    domain: 'blueharbour.co.uk',
    address: '7 Albert Dock, Liverpool L3 4AF',
  },
  {
    name: 'Kestrel Software plc',
    domain: 'kestrelsoftware.co.uk',
    address: '12 Science Park, Cambridge CB4 0WA',
  },
  {
    name: 'Thames Valley Dental Group',
    domain: 'tvdental.co.uk',
    address: '4 Market Place, Reading RG1 2EG',
  },
  {
    name: 'Redbrick Marketing',
    domain: 'redbrickmarketing.co.uk',
    address: '55 Deansgate, Manchester M3 2BW',
  },
  {
    name: 'Harbourside Logistics Ltd',
    domain: 'harbourside-logistics.co.uk',
    address: '14 Dock Street, Bristol BS1 4RW',
  },
  {
    name: 'Greenfield Software',
    domain: 'greenfieldsoftware.co.uk',
    address: "2 King's Parade, Cambridge CB2 1SJ",
  },
  {
    name: 'Thames Valley Finance',
    domain: 'tvfinance.co.uk',
    address: '88 Friar Street, Reading RG1 1EN',
  },
  {
    name: 'Northgate Manufacturing',
    domain: 'northgate-mfg.co.uk',
    address: 'Unit 5, Trafford Park, Manchester M17 1AB',
  },
  {
    name: 'Cotswold Hotels Group',
    domain: 'cotswoldhotels.co.uk',
    address: '1 High Street, Cheltenham GL50 1DX',
  },
  {
    name: 'Pennine Engineering',
    domain: 'pennine-eng.co.uk',
    address: '40 Wellington Street, Leeds LS1 2DE',
  },
  {
    name: 'Brightwater Health',
    domain: 'brightwaterhealth.co.uk',
    address: '17 Queen Street, Edinburgh EH2 1JE',
  },
  {
    name: 'Oakridge Legal LLP',
    domain: 'oakridgelegal.co.uk',
    address: '25 Chancery Lane, London WC2A 1LS',
  },
  {
    name: 'Kestrel Payments',
    domain: 'kestrelpayments.com',
    address: '100 Liverpool Street, London EC2M 2RH',
  },
  {
    name: 'Riverbank Retail',
    domain: 'riverbankretail.co.uk',
    address: '3 Bridge Street, Chester CH1 1NG',
  },
  {
    name: 'Summit Cloud Services',
    domain: 'summitcloud.io',
    address: '9 Castle Street, Belfast BT1 1GH',
  },
  {
    name: 'Ashford Insurance Brokers',
    domain: 'ashford-insurance.co.uk',
    address: '61 Bank Street, Ashford TN23 1BQ',
  },
];

export const FRENCH_POSITIONS = [
  'Directrice commerciale',
  'Responsable des achats',
  'Directeur général',
  'Cheffe de projet marketing',
  'Gérant',
  'Directeur des opérations',
  'Responsable RH',
  'Directrice financière',
  'Responsable marketing',
  'Directeur technique',
  'Office manager',
  'Responsable logistique',
  'Président',
] as const;
export const ENGLISH_POSITIONS = [
  'Head of Sales',
  'Procurement Manager',
  'Chief Executive Officer',
  'Marketing Lead',
  'Operations Director',
  'HR Manager',
  'Finance Director',
  'Managing Director',
  'Marketing Manager',
  'CTO',
  'Office Manager',
  'Head of Partnerships',
] as const;

export const FRENCH_REPLIES = [
  "Bonjour, merci pour votre message. Pouvez-vous m'envoyer une plaquette et vos tarifs ?",
  'Bonjour, le sujet nous intéresse. Rappelez-moi la semaine prochaine, de préférence mardi matin.',
  "Merci, mais nous avons déjà un prestataire. Revenez vers nous l'année prochaine.",
  'Bonjour, je ne suis pas la bonne personne, voyez plutôt avec notre directrice des achats.',
  'Très intéressant, pouvons-nous organiser une démonstration de 30 minutes ?',
  'Merci de ne plus me contacter.',
  "Je suis en congés jusqu'au 3, je reviens vers vous à mon retour.",
] as const;

export const ENGLISH_REPLIES = [
  'Hi, thanks for reaching out. Could you send over a short deck and pricing?',
  'This looks relevant. Can we book a 30-minute call next Thursday?',
  'Thanks, but we are locked into a contract until next spring.',
  'I am not the right person for this; please contact our Head of Operations.',
  "Interesting timing, we are reviewing suppliers this quarter. Let's talk.",
  'Please remove me from your mailing list.',
] as const;

/**
 * What the reply classifier suggests for each demo reply (label and confidence, rounded to 3 places), as the server's
 * seed records it and the stories' fixtures show it. A server test (test/replies.test.ts) holds this list to the
 * classifier: train it again and this list follows. One suggestion is wrong on purpose of the model, not of this
 * list ("Let's talk" reads as a refusal): the demo shows a suggestion a user corrects.
 */
export const DEMO_REPLY_SUGGESTIONS: Readonly<
  Record<
    (typeof FRENCH_REPLIES)[number] | (typeof ENGLISH_REPLIES)[number],
    { label: ReplyLabel; confidence: number }
  >
> = {
  [FRENCH_REPLIES[0]]: { label: 'interested', confidence: 1 },
  [FRENCH_REPLIES[1]]: { label: 'meeting_requested', confidence: 0.999 },
  [FRENCH_REPLIES[2]]: { label: 'not_interested', confidence: 0.997 },
  [FRENCH_REPLIES[3]]: { label: 'wrong_person', confidence: 0.96 },
  [FRENCH_REPLIES[4]]: { label: 'meeting_requested', confidence: 0.995 },
  [FRENCH_REPLIES[5]]: { label: 'unsubscribe', confidence: 0.95 },
  [FRENCH_REPLIES[6]]: { label: 'auto_reply', confidence: 0.95 },
  [ENGLISH_REPLIES[0]]: { label: 'interested', confidence: 0.885 },
  [ENGLISH_REPLIES[1]]: { label: 'meeting_requested', confidence: 1 },
  [ENGLISH_REPLIES[2]]: { label: 'not_interested', confidence: 0.944 },
  [ENGLISH_REPLIES[3]]: { label: 'wrong_person', confidence: 0.999 },
  [ENGLISH_REPLIES[4]]: { label: 'not_interested', confidence: 0.827 },
  [ENGLISH_REPLIES[5]]: { label: 'unsubscribe', confidence: 0.95 },
};

/** The classifier's suggestion for a demo reply's text, or null for any other text. */
export function demoReplySuggestion(
  text: string,
): { label: ReplyLabel; confidence: number } | null {
  return (
    (DEMO_REPLY_SUGGESTIONS as Record<string, { label: ReplyLabel; confidence: number }>)[text] ??
    null
  );
}

export const FRENCH_COMMENTS = [
  'Appel de qualification fait, budget validé pour le prochain trimestre.',
  'Messagerie, rappeler jeudi.',
  'Intéressé mais attend le retour de son associé.',
  'Numéro erroné, chercher la ligne directe sur LinkedIn.',
  'A rappelé de lui-même, souhaite une proposition écrite.',
  "Démo planifiée avec l'équipe achats.",
] as const;

export const ENGLISH_COMMENTS = [
  'Qualification call done, budget approved for next quarter.',
  'Voicemail, call back on Thursday.',
  'Interested but waiting for the board meeting.',
  'Wrong number, look for a direct line on LinkedIn.',
  'Called us back, wants a written proposal.',
] as const;

/** How many entries of each list the stories' fixtures use (names: 5 of each title, interleaved). */
const CAST = { names: 5, lastNames: 10, companies: 5, positions: 5 } as const;

const interleave = <T>(a: readonly T[], b: readonly T[]): T[] =>
  a.flatMap((x, i) => [x, b[i] as T]);

/**
 * The stories' cast in one language: the first people, companies and positions of the lists above, in the order
 * the fixtures pick them (a woman, then a man).
 */
export function storyCast(lang: 'fr' | 'en') {
  const first = lang === 'fr' ? FRENCH_FIRST : ENGLISH_FIRST;
  return {
    firstNames: interleave(first.miss.slice(0, CAST.names), first.mister.slice(0, CAST.names)),
    lastNames: (lang === 'fr' ? FRENCH_LAST : ENGLISH_LAST).slice(0, CAST.lastNames),
    companies: (lang === 'fr' ? FRENCH_COMPANIES : ENGLISH_COMPANIES)
      .slice(0, CAST.companies)
      .map((c) => c.name),
    positions: (lang === 'fr' ? FRENCH_POSITIONS : ENGLISH_POSITIONS).slice(0, CAST.positions),
  };
}
