// Fails when src/generated/schema.d.ts differs from what openapi-typescript produces from the contract.
// Run: pnpm --filter @prospecta/domain check:generated   (fix: pnpm --filter @prospecta/domain generate)
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contractPath, operationsPath, renderOperations } from './operations.mjs';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const contract = resolve(packageDir, '../../openapi/openapi.yaml');
const committed = join(packageDir, 'src/generated/schema.d.ts');
/** The openapi-typescript CLI from the nearest node_modules/.bin (works with or without `pnpm run`). */
function findCli() {
  for (let dirPath = packageDir; ; dirPath = dirname(dirPath)) {
    const candidate = join(dirPath, 'node_modules', '.bin', 'openapi-typescript');
    if (existsSync(candidate)) return candidate;
    if (dirname(dirPath) === dirPath) return 'openapi-typescript';
  }
}

const dir = mkdtempSync(join(tmpdir(), 'domain-schema-'));
const fresh = join(dir, 'schema.d.ts');

try {
  execFileSync(findCli(), [contract, '-o', fresh], {
    cwd: packageDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let current;
  try {
    current = readFileSync(committed, 'utf8');
  } catch {
    console.error(`Missing ${committed}. Run: pnpm --filter @prospecta/domain generate`);
    process.exit(1);
  }
  if (current !== readFileSync(fresh, 'utf8')) {
    console.error(
      'src/generated/schema.d.ts is out of date with openapi/openapi.yaml. Run: pnpm --filter @prospecta/domain generate',
    );
    process.exit(1);
  }
  let operations = '';
  try {
    operations = readFileSync(operationsPath, 'utf8');
  } catch {
    // reported below
  }
  if (operations !== renderOperations(readFileSync(contractPath, 'utf8'))) {
    console.error(
      'src/generated/operations.ts is out of date with openapi/openapi.yaml. Run: pnpm --filter @prospecta/domain generate',
    );
    process.exit(1);
  }
  console.log(
    'src/generated/schema.d.ts and src/generated/operations.ts match openapi/openapi.yaml.',
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
