import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import m0001 from './0001_users_and_auth';
import m0002 from './0002_campaigns_and_prospects';
import m0003 from './0003_integrations_and_onboarding';
import m0004 from './0004_inbox_user_prospect_index';
import m0005 from './0005_onboarding_uploads_on_disk';
import m0006 from './0006_mailbox_watch';
import m0007 from './0007_oauth_sign_in';
import m0008 from './0008_list_version';
import m0009 from './0009_shared_rate_limits';
import m0010 from './0010_list_versions_per_user';
import m0011 from './0011_inbox_versions';
import m0012 from './0012_list_changes';
import m0013 from './0013_rate_limit_counters';
import m0014 from './0014_mailbox_watch_failures';
import m0015 from './0015_campaign_settings_and_sequence';
import m0016 from './0016_campaign_senders_and_landing_pages';
import m0030 from './0030_imports';
import m0040 from './0040_sending_engine';
import m0046 from './0046_mail_catcher';
import m0047 from './0047_webhooks';
import m0049 from './0049_webhook_delivery_error_codes';
import m0052 from './0052_inbox_reply_labels';
import m0053 from './0053_mailbox_watch_leases';
import m0054 from './0054_live_events';
import m0055 from './0055_inbox_answers';
import m0056 from './0056_figures_keep_list_items';
import m0058 from './0058_inbox_polish';

/**
 * Versioned migrations, one file each in this folder, applied in the order of their names. A database records the
 * names it has run (table kysely_migration): a name is never changed and a published migration never edited: add the
 * next number instead, as a new file listed here.
 */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_users_and_auth': m0001,
  '0002_campaigns_and_prospects': m0002,
  '0003_integrations_and_onboarding': m0003,
  '0004_inbox_user_prospect_index': m0004,
  '0005_onboarding_uploads_on_disk': m0005,
  '0006_mailbox_watch': m0006,
  '0007_oauth_sign_in': m0007,
  '0008_list_version': m0008,
  '0009_shared_rate_limits': m0009,
  '0010_list_versions_per_user': m0010,
  '0011_inbox_versions': m0011,
  '0012_list_changes': m0012,
  '0013_rate_limit_counters': m0013,
  '0014_mailbox_watch_failures': m0014,
  '0015_campaign_settings_and_sequence': m0015,
  '0016_campaign_senders_and_landing_pages': m0016,
  '0030_imports': m0030,
  '0040_sending_engine': m0040,
  '0046_mail_catcher': m0046,
  '0047_webhooks': m0047,
  '0049_webhook_delivery_error_codes': m0049,
  '0052_inbox_reply_labels': m0052,
  '0053_mailbox_watch_leases': m0053,
  '0054_live_events': m0054,
  '0055_inbox_answers': m0055,
  '0056_figures_keep_list_items': m0056,
  '0058_inbox_polish': m0058,
};

class StaticProvider implements MigrationProvider {
  async getMigrations(): Promise<Record<string, Migration>> {
    return MIGRATIONS;
  }
}

/** Applies every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  // Pin the bookkeeping tables to the schema in use: Kysely otherwise treats a
  // kysely_migration table of ANY schema in the database as its own.
  const current = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const schema = current.rows[0]?.schema ?? 'public';
  const migrator = new Migrator({
    db,
    provider: new StaticProvider(),
    migrationTableSchema: schema,
    // Migrations written side by side land in any order: one numbered below a migration a database has already run
    // (a development database, a staging one) is run then instead of stopping the server. Such migrations never
    // depend on each other; one that builds on another is numbered after it once that one has landed.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`migration ${failed?.migrationName ?? '(unknown)'} failed: ${cause}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
