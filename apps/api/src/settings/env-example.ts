import { describedSettings, SETTING_GROUPS } from './schema';

const HEADER = `# Every environment variable the Prospecta server reads: one line of meaning, then the variable with its
# default (commented out: an unset variable takes that default). Copy this file to .env at the repository root
# and uncomment what you change; variables set in the environment win over .env.
# Written from apps/api/src/settings/schema.ts by \`pnpm --filter @prospecta/api env:example\`; a test fails
# when the two differ.`;

/** A value as a .env line holds it: quoted when it has spaces, quotes or a #. */
function envValue(value: string): string {
  return /[\s"'#]/.test(value) ? `"${value.replace(/"/g, '\\"')}"` : value;
}

/** The text of .env.example, from the settings schema. */
export function renderEnvExample(): string {
  const settings = describedSettings();
  const sections = SETTING_GROUPS.map((group) => {
    const entries = settings
      .filter(({ meta }) => meta.group === group)
      .map(({ name, meta }) => {
        const lines = [`# ${meta.description}`];
        if (meta.defaultText) lines.push(`# Default: ${meta.defaultText}.`);
        lines.push(`#${name}=${meta.default === undefined ? '' : envValue(meta.default)}`);
        return lines.join('\n');
      });
    return entries.length ? [`## ${group}`, ...entries].join('\n\n') : '';
  }).filter(Boolean);
  return `${[HEADER, ...sections].join('\n\n')}\n`;
}
