/** Writes .env.example at the repository root from the settings schema (src/settings/schema.ts). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../src/config';
import { renderEnvExample } from '../src/settings/env-example';

const file = join(REPO_ROOT, '.env.example');
writeFileSync(file, renderEnvExample());
console.log(`written: ${file}`);
