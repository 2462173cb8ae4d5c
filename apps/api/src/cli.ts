import { parseArgs } from 'node:util';
import { DataDirLockedError } from './db/lock';
import { ConfigError, loadConfig, loadEnvFile } from './config';
import { openDatabase } from './db/index';
import { JobQueue } from './jobs/queue';
import { listOutbox } from './mail/mailer';
import { classifyRawMail } from './replies/classify';
import { usersRepository } from './repositories/users';
import { hashPassword } from './security/password';
import { SecretBox } from './security/secret-box';
import { insertUser } from './seed/campaigns';
import { DEMO_PASSWORD, resetDemo } from './seed/demo';
import { LOAD_CAMPAIGN_USER_EMAIL, LOAD_USER_EMAIL, seedLoad, seedLoadCampaign } from './seed/load';

const USAGE = `Usage: pnpm --filter @prospecta/api cli <command> [options]

Commands:
  create-user --email <e-mail> --password <password> --first-name <name> --last-name <name>
              [--staff] [--company <name>] [--flag <flag>]...
                          Create a user (password hashed with scrypt).
  reset-demo              Wipe every table and seed the demo data again.
  outbox [--limit <n>]    Print the e-mails of the dev outbox (newest first).
  jobs [--name <name>] [--failed] [--limit <n>]
                          Print the background jobs still kept (oldest first): name, id, state, retries, and why
                          the last attempt failed.
  jobs-retry --name <name> --id <id>
                          Run a failed job again.
  seed-load [--count <n>] [--answers <a>] [--campaign <c>]
                          Create ${LOAD_USER_EMAIL} (password ${DEMO_PASSWORD}) with n prospects (default 10000)
                          and a answers to handle in the inbox (default 2000);
                          and ${LOAD_CAMPAIGN_USER_EMAIL} with one campaign of c prospects (default 10000; 0: none).
  classify-reply < mail.eml
                          Classify one raw message (RFC 5322, read on standard input) as the mailbox watch would:
                          prints {"label", "confidence", "returnDate"?, "referral"?} as JSON. Needs no database.

The database comes from DATABASE_URL, else the embedded PGlite in DATA_DIR.`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return command ? 0 : 1;
  }
  if (command === 'classify-reply') {
    if (rest.length > 0)
      throw new UsageError('classify-reply takes no option: it reads the mail on standard input');
    const source = await readStdin();
    if (source.length === 0 || source.toString('utf8').trim() === '')
      throw new UsageError(
        'classify-reply reads a raw message (.eml) on standard input, and got nothing',
      );
    console.log(JSON.stringify(await classifyRawMail(source)));
    return 0;
  }
  loadEnvFile();
  const config = loadConfig();
  const database = await openDatabase(config.database);
  const seedOptions = { scrypt: config.scrypt, secretBox: new SecretBox(config.encryptionKey) };
  try {
    switch (command) {
      case 'create-user': {
        const { values } = parseArgs({
          args: rest,
          options: {
            email: { type: 'string' },
            password: { type: 'string' },
            'first-name': { type: 'string' },
            'last-name': { type: 'string' },
            staff: { type: 'boolean', default: false },
            company: { type: 'string', default: '' },
            flag: { type: 'string', multiple: true, default: [] },
          },
        });
        const email = values.email?.trim().toLowerCase();
        if (!email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email))
          throw new UsageError('--email must be a valid e-mail address');
        if (!values.password || values.password.length < 8)
          throw new UsageError('--password must have at least 8 characters');
        if (!values['first-name'] || !values['last-name'])
          throw new UsageError('--first-name and --last-name are required');
        const exists = await usersRepository(database.db).findByEmail(email);
        if (exists)
          throw new UsageError(`a user with the e-mail ${email} already exists (id ${exists.id})`);
        const id = await insertUser(
          database.db,
          {
            email,
            first_name: values['first-name'],
            last_name: values['last-name'],
            is_staff: values.staff ?? false,
            flags: values.flag ?? [],
            company: { name: values.company ?? '', website: '', activity: '', description: '' },
          },
          await hashPassword(values.password, config.scrypt),
        );
        console.log(`Created user ${id} <${email}>${values.staff ? ' (staff)' : ''}.`);
        return 0;
      }
      case 'reset-demo': {
        const facts = await resetDemo(database.db, seedOptions);
        console.log(
          `Demo data reset: ${facts.prospectCount} prospects; logins staff@example.com, customer@example.com, other.customer@example.com (password ${DEMO_PASSWORD}).`,
        );
        return 0;
      }
      case 'outbox': {
        const { values } = parseArgs({
          args: rest,
          options: { limit: { type: 'string', default: '20' } },
        });
        const limit = Number(values.limit);
        if (!Number.isInteger(limit) || limit < 1)
          throw new UsageError('--limit must be a positive integer');
        const messages = await listOutbox(database.db, limit);
        if (messages.length === 0) console.log('The outbox is empty.');
        for (const m of messages) {
          console.log(
            `#${m.id} ${m.created_at} → ${m.to}\nSubject: ${m.subject}\n\n${m.text}\n${'─'.repeat(60)}`,
          );
        }
        return 0;
      }
      case 'jobs':
      case 'jobs-retry': {
        const { values } = parseArgs({
          args: rest,
          options: {
            name: { type: 'string' },
            id: { type: 'string' },
            failed: { type: 'boolean', default: false },
            limit: { type: 'string', default: '50' },
          },
        });
        const quiet = { info() {}, warn() {}, error() {} };
        const jobs = new JobQueue<Record<string, object>>(
          database,
          { ...config.jobs, worker: false },
          quiet,
        );
        await jobs.open();
        try {
          const names = await jobs.queueNames();
          if (values.name && !names.includes(values.name))
            throw new UsageError(
              names.length
                ? `--name must be one of ${names.join(', ')}`
                : 'no job has been declared yet: the server declares them when it starts',
            );
          if (command === 'jobs-retry') {
            if (!values.name || !values.id) throw new UsageError('--name and --id are required');
            await jobs.retry(values.name, values.id);
            console.log(`Job ${values.id} (${values.name}) will run again.`);
            return 0;
          }
          const limit = Number(values.limit);
          if (!Number.isInteger(limit) || limit < 1)
            throw new UsageError('--limit must be a positive integer');
          let shown = 0;
          for (const name of values.name ? [values.name] : names) {
            const listed = (await jobs.list(name)).filter(
              (job) => !values.failed || job.state === 'failed',
            );
            for (const job of listed.slice(-limit)) {
              shown += 1;
              console.log(
                `${job.name} ${job.id} ${job.state} (retries ${job.retryCount}/${job.retryLimit}) created ${job.createdOn.toISOString()}${job.failure ? `\n  failed: ${job.failure}` : ''}`,
              );
            }
          }
          if (shown === 0) console.log(values.failed ? 'No failed job.' : 'No job.');
          return 0;
        } finally {
          await jobs.stop();
        }
      }
      case 'seed-load': {
        const { values } = parseArgs({
          args: rest,
          options: {
            count: { type: 'string', default: '10000' },
            answers: { type: 'string', default: '2000' },
            campaign: { type: 'string', default: '10000' },
          },
        });
        const count = Number(values.count);
        if (!Number.isInteger(count) || count < 1 || count > 200_000)
          throw new UsageError('--count must be an integer between 1 and 200000');
        const answers = Number(values.answers);
        if (!Number.isInteger(answers) || answers < 0 || answers > count)
          throw new UsageError('--answers must be an integer between 0 and --count');
        const started = Date.now();
        const result = await seedLoad(database.db, { ...seedOptions, count, answers });
        console.log(
          `Load dataset ready: user ${result.userId} <${LOAD_USER_EMAIL}> with ${result.prospectCount} prospects, ${result.answerCount} answers to handle (${result.unreadCount} unread) (${Date.now() - started} ms).`,
        );
        const campaignSize = Number(values.campaign);
        if (!Number.isInteger(campaignSize) || campaignSize < 0 || campaignSize > 200_000)
          throw new UsageError('--campaign must be an integer between 0 and 200000');
        if (campaignSize > 0) {
          const big = await seedLoadCampaign(database.db, { ...seedOptions, size: campaignSize });
          console.log(
            `Load campaign ready: user ${big.userId} <${LOAD_CAMPAIGN_USER_EMAIL}>, campaign ${big.campaignId} with ${big.prospectCount} prospects.`,
          );
        }
        return 0;
      }
      default:
        throw new UsageError(`unknown command "${command}"`);
    }
  } finally {
    // The lists this command changed have new versions already (database triggers, http/list-cache.ts).
    await database.close();
  }
}

class UsageError extends Error {}

async function readStdin(): Promise<Buffer> {
  if (process.stdin.isTTY) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof DataDirLockedError) {
      console.error(`Error: ${error.message}`);
    } else if (error instanceof UsageError || error instanceof ConfigError) {
      console.error(`Error: ${error.message}\n\n${USAGE}`);
    } else {
      console.error(error);
    }
    process.exit(1);
  },
);
