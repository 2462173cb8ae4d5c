import { createRequire } from 'node:module';
import type { Environment } from '@prospecta/domain';
import type { LogSettings } from './config';

/** A taken port, said in words with the way out (a raw EADDRINUSE stack helped nobody). */
export class PortInUseError extends Error {
  constructor(
    readonly port: number,
    readonly host: string,
  ) {
    super(
      `port ${port} on ${host} is already in use (another Prospecta, or another program). ` +
        `Stop it, or choose another port: PORT=${port + 1} pnpm start (the development API reads API_PORT).`,
    );
    this.name = 'PortInUseError';
  }
}

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

/**
 * Log lines: JSON everywhere (log collectors read it), except in development on a terminal, where they are
 * pretty-printed when pino-pretty (a development dependency) is installed. LOG_FORMAT=json keeps JSON there too,
 * LOG_FORMAT=pretty asks for readable lines without a terminal.
 */
export function loggerOptions(
  environment: Environment,
  { level, format }: LogSettings = { level: 'info' },
  isTerminal = Boolean(process.stdout.isTTY),
  available = prettyAvailable,
): Record<string, unknown> {
  const pretty =
    environment === 'development' && format !== 'json' && (isTerminal || format === 'pretty');
  if (!pretty || !available()) return { level };
  return {
    level,
    transport: {
      target: 'pino-pretty',
      options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
    },
  };
}
