/**
 * Test helper: validates data against the contract's JSON Schemas (ajv, draft 2020-12), so fixtures, mock
 * answers and the contract cannot drift. Not exported from the package (ajv is a dev dependency).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ErrorObject } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

interface OpenApiDocument {
  paths: Record<
    string,
    Record<string, { operationId?: string; responses?: Record<string, unknown> }>
  >;
  components: { schemas: Record<string, unknown>; responses: Record<string, unknown> };
}

export const CONTRACT_PATH = fileURLToPath(
  new URL('../../../../openapi/openapi.yaml', import.meta.url),
);

export const contract = parse(readFileSync(CONTRACT_PATH, 'utf8')) as OpenApiDocument;

const SCHEMA_ID = 'https://prospecta.example.com/openapi.json';
const schemas = JSON.parse(
  JSON.stringify(contract.components.schemas).replaceAll(
    '#/components/schemas/',
    `${SCHEMA_ID}#/$defs/`,
  ),
) as Record<string, unknown>;

const ajv = new Ajv2020({ strict: true, allErrors: true });
const addFormats = addFormatsModule as unknown as (instance: Ajv2020) => void;
addFormats(ajv);
ajv.addSchema({ $id: SCHEMA_ID, $defs: schemas });

function format(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`)
    .join('\n');
}

/** Throws with every violation when `data` does not match components.schemas[name]. */
export function assertMatchesSchema(name: string, data: unknown): void {
  if (!(name in contract.components.schemas))
    throw new Error(`No schema named ${name} in the contract.`);
  const validate = ajv.getSchema(`${SCHEMA_ID}#/$defs/${name}`);
  if (!validate) throw new Error(`Could not compile schema ${name}.`);
  if (!validate(data)) throw new Error(`Not a valid ${name}:\n${format(validate.errors)}`);
}

/** The JSON schema an operation declares for a status (following response $refs). */
function responseSchema(path: string, method: string, status: number): unknown {
  const operation = contract.paths[path]?.[method];
  if (!operation) throw new Error(`No operation ${method.toUpperCase()} ${path} in the contract.`);
  let response = operation.responses?.[String(status)] as
    { $ref?: string; content?: Record<string, { schema?: unknown }> } | undefined;
  if (!response) throw new Error(`${method.toUpperCase()} ${path} declares no ${status} answer.`);
  if (response.$ref) {
    const name = response.$ref.replace('#/components/responses/', '');
    response = contract.components.responses[name] as typeof response;
  }
  return response?.content?.['application/json']?.schema;
}

const compiled = new Map<string, ReturnType<typeof ajv.compile>>();

/** Throws when `data` is not what the contract declares for this operation and status. */
export function assertMatchesResponse(
  path: string,
  method: string,
  status: number,
  data: unknown,
): void {
  const key = `${method} ${path} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    const schema = responseSchema(path, method, status);
    if (schema === undefined) {
      if (data !== undefined)
        throw new Error(`${key} declares no JSON body, got ${JSON.stringify(data)}.`);
      return;
    }
    const rewritten = JSON.parse(
      JSON.stringify(schema).replaceAll('#/components/schemas/', `${SCHEMA_ID}#/$defs/`),
    ) as object;
    validate = ajv.compile(rewritten);
    compiled.set(key, validate);
  }
  if (!validate(data))
    throw new Error(`Not a valid answer for ${key}:\n${format(validate.errors)}`);
}

/** Every operation of the contract as [path, method]. */
export function contractOperations(): Array<{ path: string; method: string; operationId: string }> {
  return Object.entries(contract.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'put', 'post', 'delete'].includes(method))
      .map(([method, op]) => ({ path, method, operationId: op.operationId ?? '' })),
  );
}
