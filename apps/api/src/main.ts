import { DataDirLockedError } from './db/lock';
import { ConfigError, listenOptions, loadConfig, loadEnvFile } from './config';
import { buildServer } from './server';
import { loggerOptions, PortInUseError } from './startup';

async function main(): Promise<void> {
  loadEnvFile();
  const config = loadConfig();
  const { port, host } = listenOptions();
  const app = await buildServer({ config, logger: loggerOptions(config.environment, config.log) });
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  try {
    await app.listen({ port, host });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      await app.close();
      throw new PortInUseError(port, host);
    }
    throw error;
  }
  app.log.info(
    {
      environment: config.environment,
      database:
        config.database.kind === 'pglite'
          ? `pglite:${config.database.dataDir ?? 'memory'}`
          : 'postgres',
      web: config.webDist ?? 'not built',
      campaignMail: app.services.mailCatcher ? 'caught (MAIL_CATCHER)' : 'sent',
      mail: config.smtpUrl
        ? 'smtp'
        : app.services.mailCatcher
          ? `catcher (127.0.0.1:${app.services.mailCatcher.port}; staff page /staff/caught-mails)`
          : config.devOutbox
            ? 'outbox (GET /api/dev/outbox, cli outbox)'
            : 'outbox (cli outbox)',
    },
    'Prospecta server ready',
  );
}

main().catch((error: unknown) => {
  if (error instanceof PortInUseError) {
    console.error(`Cannot start: ${error.message}`);
  } else if (error instanceof DataDirLockedError) {
    console.error(`Cannot start: ${error.message}`);
  } else if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
