import type { CommentActivity, ProspectStatus, ProspectTitle } from './contract';
import type { Locale } from './locale';
import type { ReplyLabel } from './reply-labels';

/** The export sheet's columns (§3), in this order. */
export const EXPORT_COLUMNS = [
  'title',
  'first name',
  'last name',
  'email',
  'phone',
  'linkedin',
  'company website',
  'reference',
  'company address',
  'company name',
  'position',
  'campaign',
  'status',
  'tags',
  'last comment',
  'last answer label',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

/** What the export sheet writes in one language. */
export interface ExportLabels {
  /** The header row, one label per §3 column. */
  headers: Record<ExportColumn, string>;
  titles: Record<ProspectTitle, string>;
  /** The app's status names (converted is 'new opportunity', nurture 'opportunity to engage', §4). */
  statuses: Record<ProspectStatus, string>;
  /** The call outcome a comment may carry. */
  activities: Record<CommentActivity, string>;
  /** The reply labels' names (the label of the prospect's last answer; the inbox names them the same). */
  replyLabels: Record<ReplyLabel, string>;
  /** The sheet's name in a dashboard export (a campaign export is named after its campaign). */
  dashboardSheet: string;
}

/**
 * The export sheet's texts in each language (§1, §3). The server writes the workbook and cannot read the web's
 * react-intl catalogs, so they live here; a web test checks that the titles, statuses and call outcomes read the
 * same as the catalogs' names for them.
 */
export const EXPORT_LABELS: Record<Locale, ExportLabels> = {
  fr: {
    headers: {
      title: 'Civilité',
      'first name': 'Prénom',
      'last name': 'Nom',
      email: 'E-mail',
      phone: 'Téléphone',
      linkedin: 'LinkedIn',
      'company website': 'Site web de l’entreprise',
      reference: 'Référence',
      'company address': 'Adresse de l’entreprise',
      'company name': 'Entreprise',
      position: 'Poste',
      campaign: 'Campagne',
      status: 'Statut',
      tags: 'Tags',
      'last comment': 'Dernier commentaire',
      'last answer label': 'Étiquette de la dernière réponse',
    },
    titles: { mister: 'M.', miss: 'Mme', undefined: 'Non précisée' },
    statuses: {
      pending: 'En attente',
      ongoing: 'En cours',
      to_call: 'À appeler',
      converted: 'Nouvelle opportunité',
      lost: 'Perdu',
      nurture: 'Opportunité à travailler',
      nurtured: 'Travaillé',
    },
    activities: {
      REACHED: 'Joint',
      NOT_REACHED: 'Non joint',
      WRONG_NUMBER: 'Mauvais numéro',
      INCOMING_CALL: 'Appel entrant',
    },
    replyLabels: {
      auto_reply: 'Réponse automatique',
      bounce: 'Message non distribué',
      unsubscribe: 'Demande de désinscription',
      interested: 'Intéressé',
      meeting_requested: 'Demande de rendez-vous',
      not_interested: 'Pas intéressé',
      wrong_person: 'Mauvais interlocuteur ou recommandation',
      other: 'Autre',
    },
    dashboardSheet: 'Tableau de bord',
  },
  en: {
    headers: {
      title: 'Title',
      'first name': 'First name',
      'last name': 'Last name',
      email: 'E-mail',
      phone: 'Phone',
      linkedin: 'LinkedIn',
      'company website': 'Company website',
      reference: 'Reference',
      'company address': 'Company address',
      'company name': 'Company name',
      position: 'Position',
      campaign: 'Campaign',
      status: 'Status',
      tags: 'Tags',
      'last comment': 'Last comment',
      'last answer label': 'Label of the last answer',
    },
    titles: { mister: 'Mr', miss: 'Ms', undefined: 'Not specified' },
    statuses: {
      pending: 'Pending',
      ongoing: 'Ongoing',
      to_call: 'To call',
      converted: 'New opportunity',
      lost: 'Lost',
      nurture: 'Opportunity to engage',
      nurtured: 'Nurtured',
    },
    activities: {
      REACHED: 'Reached',
      NOT_REACHED: 'Not reached',
      WRONG_NUMBER: 'Wrong number',
      INCOMING_CALL: 'Incoming call',
    },
    replyLabels: {
      auto_reply: 'Automatic reply',
      bounce: 'Bounce',
      unsubscribe: 'Unsubscribe request',
      interested: 'Interested',
      meeting_requested: 'Meeting requested',
      not_interested: 'Not interested',
      wrong_person: 'Wrong person or referral',
      other: 'Other',
    },
    dashboardSheet: 'Dashboard',
  },
};
