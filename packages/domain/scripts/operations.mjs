// Renders src/generated/operations.ts from openapi/openapi.yaml: the operations whose `security` does not
// require a bearer token (the public ones). Used by `generate` and by check-generated.mjs.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const contractPath = resolve(packageDir, '../../openapi/openapi.yaml');
export const operationsPath = resolve(packageDir, 'src/generated/operations.ts');

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const needsBearer = (security) =>
  security.length > 0 && security.every((requirement) => 'bearerAuth' in requirement);

export function renderOperations(contractText) {
  const contract = parse(contractText);
  const rootSecurity = contract.security ?? [];
  const rows = [];
  for (const [path, item] of Object.entries(contract.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      if (needsBearer(operation.security ?? rootSecurity)) continue;
      rows.push(
        `  { operationId: '${operation.operationId}', method: '${method}', path: '${path}' },`,
      );
    }
  }
  return [
    '// Generated from openapi/openapi.yaml by packages/domain/scripts/operations.mjs. Do not edit.',
    '// The public operations: their `security` lets a call through without a bearer token.',
    'export const PUBLIC_OPERATIONS = [',
    ...rows,
    '] as const;',
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(operationsPath, renderOperations(readFileSync(contractPath, 'utf8')));
}
