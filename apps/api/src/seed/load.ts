/** The load seed: the benchmarks' customers, with as many prospects and answers as asked. */
import { sql } from 'kysely';
import {
  DEMO_PASSWORD,
  ENGLISH_REPLIES,
  FRENCH_REPLIES,
  LOAD_USERS,
  STEPS_FR,
  type DemoCampaign,
} from '@prospecta/domain/demo';
import { analyzeTables, type Db } from '../db/index';
import { inboxRepository } from '../repositories/inbox';
import { hashPassword } from '../security/password';
import { DEMO_SEED, insertUser, seedCampaigns, type SeedOptions } from './campaigns';
import { Random } from './prng';

export const LOAD_USER_EMAIL = LOAD_USERS.customer.email;

/** How many answers to handle the load user's inbox holds by default (the inbox benchmark). */
export const LOAD_ANSWERS = 2000;

/**
 * A customer with `count` prospects spread over 8 campaigns (benchmarks), whose inbox holds `answers` answers to
 * handle (default 2,000; fewer only when there are not enough prospects to answer). Replaces a previous load user.
 */
export async function seedLoad(
  db: Db,
  options: SeedOptions & { count: number; answers?: number },
): Promise<{ userId: number; prospectCount: number; answerCount: number; unreadCount: number }> {
  const now = options.now ?? new Date();
  await db
    .deleteFrom('users')
    .where(sql`lower(email)`, '=', LOAD_USER_EMAIL)
    .execute();
  const userId = await insertUser(
    db,
    LOAD_USERS.customer,
    await hashPassword(DEMO_PASSWORD, options.scrypt),
  );
  const per = Math.ceil(options.count / 8);
  const campaigns: DemoCampaign[] = Array.from({ length: 8 }, (_, i) => ({
    name: `Campagne de charge ${i + 1}`,
    status: i % 3 === 0 ? 'finished' : 'running',
    isActive: i % 3 !== 0,
    lang: i % 2 === 0 ? 'fr' : 'en',
    size: Math.min(per, options.count - per * i),
    steps: STEPS_FR,
  }));
  const result = await seedCampaigns(db, {
    rng: new Random(DEMO_SEED + 1),
    userId,
    authorIds: [userId],
    campaigns: campaigns.filter((c) => c.size > 0),
    anchors: [],
    tagLabels: ['Chaud', 'Décideur', 'Relance', 'VIP'],
    now,
    commentRate: 0.2,
    tagRate: 0.3,
  });
  // Top the inbox up to the wanted number of answers with answers of prospects that had none (a third unread).
  const wanted = options.answers ?? LOAD_ANSWERS;
  const inbox = inboxRepository(db);
  const have = (await inbox.items(userId)).length;
  if (have < wanted) {
    const rng = new Random(DEMO_SEED + 2);
    const candidates = await inbox.prospectsWithoutAnswer(userId, wanted - have);
    await inbox.addAnswers(
      candidates.map((p, i) => {
        const receivedAt = new Date(now.getTime() - rng.int(1, 60 * 24 * 30) * 60_000);
        return {
          prospectId: p.id,
          userId,
          content: rng.pick(i % 2 === 0 ? FRENCH_REPLIES : ENGLISH_REPLIES),
          channel: rng.chance(0.75) ? 'email' : 'linkedin_message',
          receivedAt,
          readAt: rng.chance(0.35) ? null : new Date(receivedAt.getTime() + 3600 * 1000),
        };
      }),
    );
  }
  await analyzeTables(db);
  const answerCount = (await inbox.items(userId)).length;
  return {
    userId,
    prospectCount: result.prospectCount,
    answerCount,
    unreadCount: await inbox.unreadCount(userId),
  };
}

export const LOAD_CAMPAIGN_USER_EMAIL = LOAD_USERS.campaign.email;

/**
 * A customer with one active campaign of `size` prospects (default 10,000; the campaign benchmark), kept
 * apart from the load customer so the dashboard benchmark's figures stay comparable. Replaces a previous one.
 */
export async function seedLoadCampaign(
  db: Db,
  options: SeedOptions & { size?: number },
): Promise<{ userId: number; campaignId: number; prospectCount: number }> {
  const now = options.now ?? new Date();
  const size = options.size ?? 10_000;
  await db
    .deleteFrom('users')
    .where(sql`lower(email)`, '=', LOAD_CAMPAIGN_USER_EMAIL)
    .execute();
  const userId = await insertUser(
    db,
    LOAD_USERS.campaign,
    await hashPassword(DEMO_PASSWORD, options.scrypt),
  );
  const result = await seedCampaigns(db, {
    rng: new Random(DEMO_SEED + 3),
    userId,
    authorIds: [userId],
    campaigns: [
      {
        name: `Campagne de charge ${size.toLocaleString('fr-FR')} prospects`,
        status: 'running',
        isActive: true,
        lang: 'fr',
        size,
        steps: STEPS_FR,
      },
    ],
    anchors: [],
    tagLabels: ['Chaud', 'Décideur', 'Relance', 'VIP'],
    now,
    commentRate: 0.2,
    tagRate: 0.3,
  });
  await analyzeTables(db);
  const campaign = await db
    .selectFrom('campaigns')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { userId, campaignId: campaign.id, prospectCount: result.prospectCount };
}
