import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type TimestampNullable = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  is_staff: Generated<boolean>;
  flags: Json<string[]>;
  company_name: Generated<string>;
  company_website: string | null;
  company_commercial_activity: string | null;
  company_description: string | null;
  smtp_account_limit: number | null;
  created_at: Timestamp;
}

export interface RefreshTokenFamiliesTable {
  id: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Date | string;
  revoked_at: TimestampNullable;
  revoked_reason: string | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  family_id: string;
  token_hash: string;
  created_at: Timestamp;
  used_at: TimestampNullable;
}

export interface ResetCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  created_at: Timestamp;
  expires_at: Date | string;
  used_at: TimestampNullable;
}

export interface CampaignsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  status: string;
  is_active: boolean;
  audience: Generated<number>;
  contacted: Generated<number>;
  contacts_opened: Generated<number>;
  contacts_clicked: Generated<number>;
  contacts_answered: Generated<number>;
  last_sync_at: TimestampNullable;
  created_at: Timestamp;
  language: Generated<string>;
  time_zone: Generated<string>;
  /** ISO weekdays. */
  sending_days: ColumnType<number[], string | undefined, string>;
  sending_start: Generated<string>;
  sending_end: Generated<string>;
  daily_cap: Generated<number>;
  stop_on_reply: Generated<boolean>;
  /** `YYYY-MM-DD` in the campaign's time zone. */
  start_date: string | null;
  /** The builder's brief (the contract's BuilderBrief); null until the builder saves one. */
  brief: ColumnType<unknown, string | null | undefined, string | null>;
  updated_at: Timestamp;
  /** Tracking switches (the pixel, the landing-page links through the redirect). */
  track_opens: Generated<boolean>;
  track_clicks: Generated<boolean>;
  /** Two sends of one mailbox are at least `min`, at most `max` seconds apart (random in between). */
  spacing_min_seconds: Generated<number>;
  spacing_max_seconds: Generated<number>;
}

export interface CampaignStepsTable {
  id: Generated<number>;
  campaign_id: number;
  position: number;
  name: string;
  workflow_step_type: string;
  contacted: Generated<number>;
  contacts_opened: Generated<number>;
  contacts_clicked: Generated<number>;
  contacts_answered: Generated<number>;
  subject: Generated<string>;
  body: Generated<string>;
  delay_days: Generated<number>;
  condition: Generated<string>;
  draft_template: Generated<boolean>;
  /** A follow-up starts its own thread (its own subject, no In-Reply-To) instead of answering the previous mail. */
  new_thread: Generated<boolean>;
}

export interface CampaignMailboxesTable {
  campaign_id: number;
  email_account_id: number;
}

export interface LandingPagesTable {
  id: Generated<number>;
  campaign_id: number;
  position: number;
  key: string;
  name: string;
  url: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  utm_content: string;
  utm_term: string;
}

export interface ProspectsTable {
  id: Generated<number>;
  campaign_id: number;
  user_id: number;
  title: string;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  direct_line: string | null;
  linkedin: string | null;
  reference: string | null;
  position: string | null;
  score: number | null;
  prospecting_status: string;
  has_responses: Generated<boolean>;
  company_name: string;
  company_website: string | null;
  company_address: string | null;
  event_date: TimestampNullable;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The import that stored the prospect (null: created otherwise). */
  import_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface TagsTable {
  id: Generated<number>;
  user_id: number;
  label: string;
  created_at: Timestamp;
}

export interface ProspectTagsTable {
  prospect_id: number;
  tag_id: number;
}

export interface CommentsTable {
  id: Generated<number>;
  prospect_id: number;
  author_id: number;
  content: string;
  activity: string | null;
  created_at: Timestamp;
}

export interface HistoryEntriesTable {
  id: Generated<number>;
  prospect_id: number;
  type: string;
  content: string;
  direction: string | null;
  from_status: string | null;
  to_status: string | null;
  data: Json<Record<string, unknown> | null> | null;
  event_date: Timestamp;
}

export interface InboxMessagesTable {
  history_entry_id: number;
  prospect_id: number;
  user_id: number;
  read_at: TimestampNullable;
  /** The answer's reply label (packages/domain REPLY_LABELS), null when imported without one. */
  label: ColumnType<string | null, string | null | undefined, string | null>;
  /** When and by whom a user set the label; null: the classifier's suggestion. */
  label_set_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  label_set_by: ColumnType<number | null, number | null | undefined, number | null>;
  /** When the user last answered it from the inbox (migration 0058); null: not answered. */
  answered_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface EmailAccountsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  email: string;
  account_type: string;
  is_valid: boolean;
  first_use: Generated<boolean>;
  smtp_host: string | null;
  smtp_port: number | null;
  smtp_secure: boolean | null;
  imap_host: string | null;
  imap_port: number | null;
  imap_secure: boolean | null;
  password_enc: string | null;
  auth_url: string | null;
  last_error: string | null;
  created_on: Timestamp;
  /** The mailbox watch: the INBOX's UIDVALIDITY when last read, the last UID imported, and when it was read. */
  imap_uidvalidity: string | null;
  /** bigint (UIDs are unsigned 32-bit): read it with Number(), whatever the driver answers. */
  imap_last_uid: ColumnType<string | number | bigint, number | undefined, number>;
  last_checked_at: TimestampNullable;
  /** Consecutive failed reads of the mailbox watch (0 after a read that worked). */
  watch_failures: Generated<number>;
  /** External sign-in: the tokens (encrypted JSON, see integrations/oauth.ts) and the key of the account's auth_url. */
  oauth_tokens_enc: string | null;
  oauth_link_key: string | null;
  /** The engine stopped sending from this mailbox (a MailboxPauseReason); null: it sends. */
  sending_paused_at: TimestampNullable;
  sending_paused_reason: string | null;
  /** Consecutive failed sends (0 after one that worked). */
  send_errors: Generated<number>;
  last_sent_at: TimestampNullable;
  /** Appended to the answers sent from the inbox with this mailbox; '' for none. */
  signature: Generated<string>;
  /** Why the last answer's copy into the Sent folder failed (a SentCopyError), and when; null once one works. */
  sent_copy_error: ColumnType<string | null, string | null | undefined, string | null>;
  sent_copy_failed_at: TimestampNullable;
}

/** One attempt to answer a prospect's e-mail from the inbox (migration 0055). */
export interface InboxAnswersTable {
  id: Generated<number>;
  user_id: number;
  /** The prospect's answer (inbound history entry) this answers. */
  reply_entry_id: number;
  prospect_id: number;
  idempotency_key: string;
  email_account_id: number | null;
  /** 'sending', then 'sent' or 'failed'; 'unknown' when an instance stopped while it was sending. */
  state: string;
  message_id: string;
  /** An AnswerErrorCode when failed. */
  error_code: string | null;
  error: string | null;
  /** The outbound history entry, once sent. */
  history_entry_id: number | null;
  created_at: Generated<Date>;
  sent_at: TimestampNullable;
}

export interface OAuthStatesTable {
  state_hash: string;
  email_account_id: number;
  provider: string;
  code_verifier_enc: string;
  expires_at: Timestamp;
  created_at: Generated<Date>;
}

export interface ImportedMailsTable {
  email_account_id: number;
  message_id: string;
  history_entry_id: number | null;
  imported_at: Generated<Date>;
}

/** The holder of a mailbox's IDLE connection, until `expires_at` (integrations/mailbox-idle.ts). */
export interface MailboxWatchLeasesTable {
  email_account_id: number;
  holder: string;
  expires_at: Date;
  acquired_at: Generated<Date>;
}

export interface LinkedinAccountsTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  is_sales_navigator_account: boolean;
  is_valid: boolean;
  first_use: boolean;
  session_cookie_enc: string | null;
  created_on: Timestamp;
}

export interface OnboardingSubmissionsTable {
  id: Generated<number>;
  user_id: number;
  submitted_by: number;
  data: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

/** Metadata of a file stored on disk under UPLOAD_DIR/<id>. */
export interface OnboardingUploadsTable {
  id: string;
  user_id: number;
  uploaded_by: number;
  filename: string;
  content_type: string;
  size: number;
  sha256: string;
  created_at: Timestamp;
}

/** Per-address limits (http/rate-limit-store.ts): the hits of one key in its current window. */
export interface RateLimitsTable {
  key: string;
  hits: number;
  reset_at: ColumnType<Date, Date, Date>;
}

/** Failed logins per account (security/login-guard.ts). */
export interface LoginBackoffTable {
  key: string;
  failures: number;
  last_at: ColumnType<Date, Date, Date>;
}

/** The headers of a caught mail a reader checks (mail/catcher.ts); absent ones are left out. */
export interface CaughtHeaders {
  message_id?: string;
  in_reply_to?: string;
  references?: string;
  list_unsubscribe?: string;
  list_unsubscribe_post?: string;
}

export interface OutboxTable {
  id: Generated<number>;
  to: string;
  subject: string;
  text: string;
  /** 'outbox' (the outbox mailer) or 'catcher' (received by the local mail catcher, with the columns below). */
  transport: string;
  created_at: Timestamp;
  // Caught mails only (migration 0046): null for the outbox mailer's rows.
  raw: ColumnType<string | null, string | null | undefined, string | null>;
  envelope_from: ColumnType<string | null, string | null | undefined, string | null>;
  envelope_to: ColumnType<string[] | null, string | null | undefined, string | null>;
  from: ColumnType<string | null, string | null | undefined, string | null>;
  html: ColumnType<string | null, string | null | undefined, string | null>;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  headers: ColumnType<CaughtHeaders | null, string | null | undefined, string | null>;
  size: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SuppressionsTable {
  user_id: number;
  /** Lower case. */
  email: string;
  reason: 'unsubscribed' | 'bounced';
  created_at: Timestamp;
  /** The answer whose `unsubscribe` label suppressed the address (migration 0058); null: anything else did. */
  reply_entry_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ImportsTable {
  id: Generated<number>;
  campaign_id: number;
  user_id: number;
  created_by: number | null;
  file_name: string;
  file_path: string;
  /** bigint: read as a string by node-postgres. */
  file_size: ColumnType<string | number, number, number>;
  format: 'csv' | 'xlsx' | null;
  encoding: 'utf-8' | 'windows-1252' | null;
  delimiter: ',' | ';' | '\t' | null;
  state: string;
  failed_step: string | null;
  error_code: string | null;
  error_detail: string | null;
  progress_done: ColumnType<string | number, number | undefined, number>;
  progress_total: ColumnType<string | number, number | undefined, number>;
  columns: Json<string[]>;
  mapping: Json<(string | null)[]>;
  other_campaigns: Generated<string>;
  first_rows: Json<string[][]>;
  row_count: Generated<number>;
  valid_count: Generated<number>;
  refused_count: Generated<number>;
  imported_count: Generated<number>;
  by_reason: Json<Record<string, number>>;
  committed_through: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ImportRowsTable {
  import_id: number;
  row_number: number;
  email: string | null;
  prospect: Json<unknown>;
  reason: string | null;
  cells: Json<string[] | null>;
}

export interface ProspectSequencesTable {
  prospect_id: number;
  campaign_id: number;
  /** The position of the next step; null once the last one is done. */
  next_position: number | null;
  /** When the next step is due; null while a send is in flight or once stopped. */
  next_due_at: TimestampNullable;
  /** The Message-ID of the thread's first mail (follow-ups answer it). */
  thread_message_id: string | null;
  /** A SequenceStopReason; null while it runs. */
  stopped_reason: string | null;
  stopped_at: TimestampNullable;
  updated_at: Timestamp;
}

/** bigint ids (`sends`, `campaign_events`): node-postgres reads them as strings, PGlite as numbers: Number() them. */
export interface SendsTable {
  id: Generated<string | number>;
  campaign_id: number;
  step_id: number;
  prospect_id: number;
  email_account_id: number | null;
  /** Ours, without the angle brackets. */
  message_id: string;
  /** A SendState. */
  state: string;
  due_at: Date | string;
  attempts: Generated<number>;
  last_error: string | null;
  sending_at: TimestampNullable;
  sent_at: TimestampNullable;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface CampaignEventsTable {
  id: Generated<string | number>;
  campaign_id: number;
  prospect_id: number | null;
  step_id: number | null;
  send_id: ColumnType<string | number | null, number | string | null | undefined, never> | null;
  email_account_id: number | null;
  /** A CampaignEventType. */
  type: string;
  data: Json<Record<string, unknown> | null> | null;
  occurred_at: Timestamp;
}

export interface EventMarksTable {
  prospect_id: number;
  /** 0: the campaign's own figure. */
  step_id: number;
  /** An EventFigure. */
  figure: string;
  campaign_id: number;
  first_at: Timestamp;
}

export interface TasksTable {
  id: Generated<number>;
  campaign_id: number;
  step_id: number;
  prospect_id: number;
  user_id: number;
  /** The step's type (linkedin_invitation, linkedin_message…). */
  type: string;
  /** The step's template filled for the prospect. */
  body: Generated<string>;
  due_at: Date | string;
  /** open, done, skipped. */
  state: Generated<string>;
  done_at: TimestampNullable;
  done_by: number | null;
  created_at: Timestamp;
}

export interface WebhooksTable {
  id: Generated<number>;
  user_id: number;
  url: string;
  /** WebhookEvent names (packages/domain webhooks.ts). */
  events: Json<string[]>;
  description: Generated<string>;
  /** The signing secret sealed by SecretBox for `webhook:<id>`; null only inside the creating transaction. */
  secret_enc: string | null;
  active: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface WebhookDeliveriesTable {
  id: Generated<string>;
  webhook_id: number;
  event: string;
  event_id: string;
  payload: Json<Record<string, unknown>>;
  attempt: number;
  /** succeeded, failed. */
  outcome: string;
  status_code: number | null;
  response_snippet: string | null;
  error: string | null;
  /** Why the attempt failed, a `WEBHOOK_DELIVERY_ERRORS` code; null on success and on attempts logged before it. */
  error_code: Generated<string | null>;
  duration_ms: number;
  created_at: Timestamp;
}

export interface DatabaseSchema {
  users: UsersTable;
  refresh_token_families: RefreshTokenFamiliesTable;
  refresh_tokens: RefreshTokensTable;
  reset_codes: ResetCodesTable;
  campaigns: CampaignsTable;
  campaign_steps: CampaignStepsTable;
  campaign_mailboxes: CampaignMailboxesTable;
  landing_pages: LandingPagesTable;
  prospects: ProspectsTable;
  tags: TagsTable;
  prospect_tags: ProspectTagsTable;
  comments: CommentsTable;
  history_entries: HistoryEntriesTable;
  inbox_messages: InboxMessagesTable;
  email_accounts: EmailAccountsTable;
  inbox_answers: InboxAnswersTable;
  imported_mails: ImportedMailsTable;
  mailbox_watch_leases: MailboxWatchLeasesTable;
  linkedin_accounts: LinkedinAccountsTable;
  oauth_states: OAuthStatesTable;
  onboarding_submissions: OnboardingSubmissionsTable;
  onboarding_uploads: OnboardingUploadsTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  login_backoff: LoginBackoffTable;
  suppressions: SuppressionsTable;
  imports: ImportsTable;
  import_rows: ImportRowsTable;
  prospect_sequences: ProspectSequencesTable;
  sends: SendsTable;
  campaign_events: CampaignEventsTable;
  event_marks: EventMarksTable;
  tasks: TasksTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}

export type UserRow = Selectable<UsersTable>;
export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;
export type NewUser = Insertable<UsersTable>;
export type CampaignRow = Selectable<CampaignsTable>;
export type ProspectRow = Selectable<ProspectsTable>;
export type NewProspect = Insertable<ProspectsTable>;
export type ProspectUpdate = Updateable<ProspectsTable>;
export type HistoryRow = Selectable<HistoryEntriesTable>;
export type CommentRow = Selectable<CommentsTable>;
export type EmailAccountRow = Selectable<EmailAccountsTable>;
export type LinkedinAccountRow = Selectable<LinkedinAccountsTable>;
