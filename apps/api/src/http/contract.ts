import { readFileSync } from 'node:fs';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

/**
 * The OpenAPI 3.1 contract, loaded at start-up. Route schemas come from here
 * (there is no second, hand-written copy); schemas are JSON Schema 2020-12.
 */

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

type JsonSchema = Record<string, unknown> | boolean;

export interface ContractParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: JsonSchema;
}

export interface ContractOperation {
  method: HttpMethod;
  /** OpenAPI path, e.g. /api/v1/users/{id}/dashboard */
  path: string;
  operationId: string;
  parameters: ContractParameter[];
  requestBody: { required: boolean; content: Record<string, { schema?: JsonSchema }> } | null;
  /** status code (or 'default') → content type → schema */
  responses: Record<string, Record<string, JsonSchema | undefined>>;
  security: unknown[] | null;
  /**
   * `x-additional-query-parameters: true`: query parameters the contract does not declare are accepted (and not
   * handed to the handler's typed view), e.g. an OAuth redirection endpoint that providers extend with their own.
   */
  additionalQueryParameters: boolean;
}

export interface Contract {
  /** The YAML text the contract was parsed from (served as is at /api/openapi.yaml). */
  text: string;
  document: Record<string, unknown>;
  operations: ContractOperation[];
  /** Strict validator (bodies, responses): no coercion, no removal. */
  ajv: Ajv2020;
  /** Validator for path/query parameters: coerces strings to the declared types. */
  paramsAjv: Ajv2020;
  /** Rewrites local `#/components/schemas/...` refs so they resolve in the validators. */
  toValidatorSchema(schema: JsonSchema): JsonSchema;
  responseValidator(
    op: ContractOperation,
    status: number,
    contentType: string,
  ): ValidateFunction | null;
}

export const CONTRACT_ID = 'urn:prospecta:contract';

type AddFormats = (ajv: Ajv2020) => Ajv2020;
const addFormats = ((addFormatsModule as unknown as { default?: AddFormats }).default ??
  (addFormatsModule as unknown as AddFormats)) as AddFormats;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === '$ref' && typeof inner === 'string' && inner.startsWith('#/components/')) {
      out[key] = `${CONTRACT_ID}${inner}`;
    } else if (
      key === 'nullable' ||
      key === 'discriminator' ||
      key === 'xml' ||
      key === 'externalDocs' ||
      key === 'example'
    ) {
      // OpenAPI annotations: not validation keywords.
      continue;
    } else {
      out[key] = rewriteRefs(inner);
    }
  }
  return out;
}

export function resolveRef<T>(document: Record<string, unknown>, value: unknown): T {
  let current = value;
  for (
    let depth = 0;
    depth < 10 && isObject(current) && typeof current.$ref === 'string';
    depth += 1
  ) {
    const ref = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`unsupported external $ref in contract: ${ref}`);
    let target: unknown = document;
    for (const segment of ref.slice(2).split('/')) {
      const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
      target = isObject(target) ? target[key] : undefined;
    }
    if (target === undefined) throw new Error(`unresolved $ref in contract: ${ref}`);
    current = target;
  }
  return current as T;
}

function makeAjv(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({
    strict: false,
    allErrors: false,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: coerce,
    removeAdditional: false,
    validateFormats: true,
  });
  addFormats(ajv);
  return ajv;
}

export function parseContract(text: string): Contract {
  const document = parse(text) as Record<string, unknown>;
  if (
    !isObject(document) ||
    typeof document.openapi !== 'string' ||
    !document.openapi.startsWith('3.1')
  ) {
    throw new Error('openapi/openapi.yaml must be an OpenAPI 3.1 document');
  }
  const components = isObject(document.components) ? document.components : {};
  const registry = rewriteRefs({ $id: CONTRACT_ID, components }) as Record<string, unknown>;
  const ajv = makeAjv(false);
  const paramsAjv = makeAjv(true);
  ajv.addSchema(registry);
  paramsAjv.addSchema(registry);

  const globalSecurity = Array.isArray(document.security) ? document.security : null;
  const operations: ContractOperation[] = [];
  const paths = isObject(document.paths) ? document.paths : {};
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = resolveRef<Record<string, unknown>>(document, rawItem);
    const shared = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of HTTP_METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const params = new Map<string, ContractParameter>();
      for (const raw of [...shared, ...(Array.isArray(op.parameters) ? op.parameters : [])]) {
        const p = resolveRef<Record<string, unknown>>(document, raw);
        const location = p.in as ContractParameter['in'];
        params.set(`${location}:${String(p.name)}`, {
          name: String(p.name),
          in: location,
          required: location === 'path' ? true : p.required === true,
          schema: (p.schema as JsonSchema | undefined) ?? {},
        });
      }
      let requestBody: ContractOperation['requestBody'] = null;
      if (op.requestBody !== undefined) {
        const body = resolveRef<Record<string, unknown>>(document, op.requestBody);
        const content: Record<string, { schema?: JsonSchema }> = {};
        for (const [type, media] of Object.entries(isObject(body.content) ? body.content : {})) {
          const schema = isObject(media) ? (media.schema as JsonSchema | undefined) : undefined;
          content[type] = schema === undefined ? {} : { schema };
        }
        requestBody = { required: body.required === true, content };
      }
      const responses: ContractOperation['responses'] = {};
      for (const [status, rawResponse] of Object.entries(
        isObject(op.responses) ? op.responses : {},
      )) {
        const response = resolveRef<Record<string, unknown>>(document, rawResponse);
        const byType: Record<string, JsonSchema | undefined> = {};
        for (const [type, media] of Object.entries(
          isObject(response.content) ? response.content : {},
        )) {
          byType[type] = isObject(media) ? (media.schema as JsonSchema | undefined) : undefined;
        }
        responses[status] = byType;
      }
      operations.push({
        method,
        path,
        operationId: typeof op.operationId === 'string' ? op.operationId : `${method} ${path}`,
        parameters: [...params.values()],
        requestBody,
        responses,
        security: Array.isArray(op.security) ? op.security : globalSecurity,
        additionalQueryParameters: op['x-additional-query-parameters'] === true,
      });
    }
  }

  const responseCache = new Map<string, ValidateFunction | null>();
  const contract: Contract = {
    text,
    document,
    operations,
    ajv,
    paramsAjv,
    toValidatorSchema: (schema) => rewriteRefs(schema) as JsonSchema,
    responseValidator(op, status, contentType) {
      const key = `${op.method} ${op.path} ${status} ${contentType}`;
      if (responseCache.has(key)) return responseCache.get(key) ?? null;
      const byStatus =
        op.responses[String(status)] ??
        op.responses[`${String(status)[0]}XX`] ??
        op.responses.default;
      const mediaType = contentType.split(';')[0]?.trim() ?? '';
      const schema =
        byStatus?.[mediaType] ??
        (mediaType.endsWith('json') ? byStatus?.['application/json'] : undefined);
      const validate = schema === undefined ? null : ajv.compile(rewriteRefs(schema) as object);
      responseCache.set(key, validate);
      return validate;
    },
  };
  return contract;
}

export function loadContract(path: string): Contract {
  return parseContract(readFileSync(path, 'utf8'));
}

/** One readable sentence for the first validation error. */
export function describeErrors(errors: ErrorObject[] | null | undefined, where: string): string {
  const first = errors?.[0];
  if (!first) return `Invalid ${where}.`;
  const field = first.instancePath ? `${where}${first.instancePath.replace(/\//g, '.')}` : where;
  const params = first.params as Record<string, unknown>;
  switch (first.keyword) {
    case 'required':
      return `${where}.${String(params.missingProperty)} is required.`;
    case 'additionalProperties':
      return `${field} has an unknown property "${String(params.additionalProperty)}".`;
    case 'unevaluatedProperties':
      return `${field} has an unknown property "${String(params.unevaluatedProperty)}".`;
    case 'enum':
      return `${field} must be one of: ${((params.allowedValues as unknown[]) ?? []).map(String).join(', ')}.`;
    default:
      return `${field} ${first.message ?? 'is invalid'}.`;
  }
}

export type FieldErrorCode =
  | 'required'
  | 'invalid_type'
  | 'invalid_format'
  | 'too_short'
  | 'too_long'
  | 'not_allowed'
  | 'unknown_field'
  | 'invalid';

const FIELD_ERROR_CODES: Record<string, FieldErrorCode> = {
  required: 'required',
  additionalProperties: 'unknown_field',
  unevaluatedProperties: 'unknown_field',
  type: 'invalid_type',
  format: 'invalid_format',
  pattern: 'invalid_format',
  minLength: 'too_short',
  minimum: 'too_short',
  exclusiveMinimum: 'too_short',
  minItems: 'too_short',
  minProperties: 'too_short',
  maxLength: 'too_long',
  maximum: 'too_long',
  exclusiveMaximum: 'too_long',
  maxItems: 'too_long',
  maxProperties: 'too_long',
  enum: 'not_allowed',
  const: 'not_allowed',
};

/** The contract's `FieldError` of the first validation error: the dotted field path and a code the app words. */
export function fieldErrors(
  errors: ErrorObject[] | null | undefined,
): { field: string; code: FieldErrorCode }[] {
  const first = errors?.[0];
  if (!first) return [];
  const params = first.params as Record<string, unknown>;
  const segments = first.instancePath
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  const child = params.missingProperty ?? params.additionalProperty ?? params.unevaluatedProperty;
  if (typeof child === 'string') segments.push(child);
  return [{ field: segments.join('.'), code: FIELD_ERROR_CODES[first.keyword] ?? 'invalid' }];
}
