/** Realistic French and English people and companies for the demo data. */

export const FRENCH_FIRST = {
  mister: [
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
    'François',
    'Étienne',
    'Rémi',
    'Hugo',
    'Louis',
    'Maxime',
    'Benoît',
    'Cédric',
    'Yann',
    'Arnaud',
  ],
  miss: [
    'Claire',
    'Camille',
    'Sophie',
    'Élodie',
    'Aurélie',
    'Céline',
    'Julie',
    'Manon',
    'Chloé',
    'Léa',
    'Isabelle',
    'Nathalie',
    'Émilie',
    'Hélène',
    'Margaux',
    'Pauline',
    'Amandine',
    'Anaïs',
    'Marion',
    'Sandrine',
  ],
} as const;

export const FRENCH_LAST = [
  'Martin',
  'Bernard',
  'Dubois',
  'Thomas',
  'Robert',
  'Richard',
  'Petit',
  'Durand',
  'Leroy',
  'Moreau',
  'Simon',
  'Laurent',
  'Lefèvre',
  'Michel',
  'Garcia',
  'David',
  'Bertrand',
  'Roux',
  'Vincent',
  'Fournier',
  'Morel',
  'Girard',
  'André',
  'Mercier',
  'Dupont',
  'Lambert',
  'Bonnet',
  'François',
  'Martinez',
  'Legrand',
  'Garnier',
  'Faure',
  'Rousseau',
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
    'Oliver',
    'George',
    'Harry',
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
    'Emily',
    'Charlotte',
    'Sophie',
    'Grace',
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
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
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

export interface CompanySeed {
  name: string;
  domain: string;
  address: string;
}

export const FRENCH_COMPANIES: readonly CompanySeed[] = [
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

export const ENGLISH_COMPANIES: readonly CompanySeed[] = [
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
  'Directeur général',
  'Directrice commerciale',
  'Responsable achats',
  'Directeur des opérations',
  'Responsable RH',
  'Directrice financière',
  'Gérant',
  'Responsable marketing',
  'Directeur technique',
  'Office manager',
  'Responsable logistique',
  'Président',
] as const;
export const ENGLISH_POSITIONS = [
  'Chief Executive Officer',
  'Head of Sales',
  'Procurement Manager',
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
