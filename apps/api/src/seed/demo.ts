/** The demo seed: the three demo accounts, their campaigns and prospects, mailboxes and LinkedIn accounts. */
import { sql } from 'kysely';
import {
  CUSTOMER_ANCHORS,
  CUSTOMER_CAMPAIGNS,
  CUSTOMER_TAGS,
  DEMO_PASSWORD,
  DEMO_USERS,
  OTHER_ANCHORS,
  OTHER_CUSTOMER_CAMPAIGNS,
  OTHER_TAGS,
} from '@prospecta/domain/demo';
import { analyzeTables, type Db } from '../db/index';
import { hashPassword } from '../security/password';
import { DAY, DEMO_SEED, insertUser, seedCampaigns, type SeedOptions } from './campaigns';
import { Random } from './prng';

export { DEMO_PASSWORD, DEMO_USERS };
export type { SeedOptions };

export interface DemoFacts {
  staffId: number;
  customerId: number;
  otherCustomerId: number;
  prospectCount: number;
}

/** Seeds the demo data into an empty database (deterministic content for a given `now`). */
export async function seedDemo(db: Db, options: SeedOptions): Promise<DemoFacts> {
  const now = options.now ?? new Date();
  const rng = new Random(DEMO_SEED);
  const [staffHash, customerHash, otherHash] = await Promise.all([
    hashPassword(DEMO_PASSWORD, options.scrypt),
    hashPassword(DEMO_PASSWORD, options.scrypt),
    hashPassword(DEMO_PASSWORD, options.scrypt),
  ]);
  const staffId = await insertUser(db, DEMO_USERS.staff, staffHash);
  const customerId = await insertUser(db, DEMO_USERS.customer, customerHash);
  const otherCustomerId = await insertUser(db, DEMO_USERS.other, otherHash);

  const a = await seedCampaigns(db, {
    rng,
    userId: customerId,
    authorIds: [customerId, staffId],
    campaigns: CUSTOMER_CAMPAIGNS,
    anchors: CUSTOMER_ANCHORS,
    tagLabels: CUSTOMER_TAGS,
    now,
    commentRate: 0.3,
    tagRate: 0.25,
  });
  const b = await seedCampaigns(db, {
    rng,
    userId: otherCustomerId,
    authorIds: [otherCustomerId, staffId],
    campaigns: OTHER_CUSTOMER_CAMPAIGNS,
    anchors: OTHER_ANCHORS,
    tagLabels: OTHER_TAGS,
    now,
    commentRate: 0.3,
    tagRate: 0.25,
  });

  const box = options.secretBox;
  const smtp = await db
    .insertInto('email_accounts')
    .values({
      user_id: customerId,
      name: 'Julien Moreau',
      email: 'julien.moreau@moreau-solutions-rh.fr',
      account_type: 'INFOMANIAK_SMTP',
      is_valid: true,
      first_use: false,
      smtp_host: 'mail.infomaniak.com',
      smtp_port: 465,
      smtp_secure: true,
      imap_host: 'mail.infomaniak.com',
      imap_port: 993,
      imap_secure: true,
      password_enc: null,
      created_on: new Date(now.getTime() - 30 * DAY),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('email_accounts')
    .set({ password_enc: box.encrypt('demo-mailbox-password', `email_account:${smtp.id}`) })
    .where('id', '=', smtp.id)
    .execute();
  // The customer's mailbox sends their campaigns.
  await db
    .insertInto('campaign_mailboxes')
    .values(a.campaignIds.map((id) => ({ campaign_id: id, email_account_id: smtp.id })))
    .execute();
  const li = await db
    .insertInto('linkedin_accounts')
    .values([
      {
        user_id: customerId,
        name: 'Julien Moreau',
        is_sales_navigator_account: true,
        is_valid: true,
        first_use: false,
        created_on: new Date(now.getTime() - 45 * DAY),
      },
      {
        user_id: customerId,
        name: 'Julien Moreau (compte secondaire)',
        is_sales_navigator_account: false,
        is_valid: true,
        first_use: true,
        created_on: new Date(now.getTime() - 2 * DAY),
      },
      {
        user_id: otherCustomerId,
        name: 'Emma Clarke',
        is_sales_navigator_account: false,
        is_valid: false,
        first_use: false,
        created_on: new Date(now.getTime() - 10 * DAY),
      },
    ])
    .returning('id')
    .execute();
  for (const row of li) {
    await db
      .updateTable('linkedin_accounts')
      .set({
        session_cookie_enc: box.encrypt(`AQEDA-demo-li-at-${row.id}`, `linkedin_account:${row.id}`),
      })
      .where('id', '=', row.id)
      .execute();
  }
  await analyzeTables(db);
  return { staffId, customerId, otherCustomerId, prospectCount: a.prospectCount + b.prospectCount };
}

const ALL_TABLES = [
  'onboarding_uploads',
  'onboarding_submissions',
  'linkedin_accounts',
  'email_accounts',
  'inbox_messages',
  'history_entries',
  'comments',
  'prospect_tags',
  'tags',
  'prospects',
  'landing_pages',
  'campaign_mailboxes',
  'campaign_steps',
  'campaigns',
  'reset_codes',
  'refresh_tokens',
  'refresh_token_families',
  'outbox',
  'users',
] as const;

/** Wipes every table and seeds the demo data again. */
export async function resetDemo(db: Db, options: SeedOptions): Promise<DemoFacts> {
  await sql.raw(`truncate table ${ALL_TABLES.join(', ')} restart identity cascade`).execute(db);
  return seedDemo(db, options);
}
