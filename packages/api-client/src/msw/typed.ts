/**
 * Typed MSW handler builders generated from the contract's `paths`: the path must exist for the method, the
 * status must be one the operation declares, and the body must match that status's schema, or the code does
 * not compile.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import type { paths } from '@prospecta/domain/contract';

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'patch';

export type Operation<P extends keyof paths, M extends HttpMethod> = NonNullable<paths[P][M]>;

/** The contract paths that declare method M. */
export type PathsWithMethod<M extends HttpMethod> = {
  [P in keyof paths]: [Operation<P, M>] extends [never] ? never : P;
}[keyof paths];

type ResponsesOf<O> = O extends { responses: infer R } ? R : never;

/** The HTTP statuses an operation declares. */
export type StatusOf<O> = Extract<keyof ResponsesOf<O>, number>;

type JsonBodyOf<R> = R extends { content: { 'application/json': infer B } } ? B : undefined;
type HasNonJsonContent<R> = R extends { content: infer C }
  ? C extends { 'application/json': unknown }
    ? false
    : true
  : false;

/** A typed answer: one of the declared statuses with the JSON body its schema describes. */
export type MockResult<O> = {
  [S in StatusOf<O>]: HasNonJsonContent<ResponsesOf<O>[S]> extends true
    ? never // binary answers (spreadsheets): return a Response from a resolver instead
    : JsonBodyOf<ResponsesOf<O>[S]> extends undefined
      ? { status: S; body?: undefined; headers?: HeadersInit }
      : { status: S; body: JsonBodyOf<ResponsesOf<O>[S]>; headers?: HeadersInit };
}[StatusOf<O>];

type PathParamsOf<O> = O extends { parameters: { path: infer PP } }
  ? PP extends Record<string, unknown>
    ? { [K in keyof PP]: string }
    : Record<string, never>
  : Record<string, never>;

type RequestJsonOf<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? B
  : undefined;

export interface MockContext<O> {
  request: Request;
  /** Path parameters as MSW gives them (strings). */
  params: PathParamsOf<O>;
  query: URLSearchParams;
  /** The JSON request body, typed from the contract (undefined for calls without a JSON body). */
  json(): Promise<RequestJsonOf<O>>;
}

export type MockResolver<O> = (
  context: MockContext<O>,
) => MockResult<O> | Response | Promise<MockResult<O> | Response>;

/** OpenAPI path → MSW path matching any origin: /api/v2/prospects/{id} → * /api/v2/prospects/:id */
export function toMswPath(path: string): string {
  return `*${path.replace(/\{([^}]+)\}/g, ':$1')}`;
}

function toResponse(result: { status: number; body?: unknown; headers?: HeadersInit }): Response {
  if (result.body === undefined)
    return new HttpResponse(null, { status: result.status, headers: result.headers });
  return HttpResponse.json(result.body as never, {
    status: result.status,
    headers: result.headers,
  });
}

export interface MockOptions {
  /** Answer only the first matching request. */
  once?: boolean;
}

/**
 * A handler for one contract operation. `answer` is either a fixed typed result or a resolver.
 *   mockOperation('get', '/api/v1/users/{id}/dashboard', { status: 200, body: { prospects: [] } })
 */
export function mockOperation<M extends HttpMethod, P extends PathsWithMethod<M>>(
  method: M,
  path: P,
  answer: MockResult<Operation<P, M>> | MockResolver<Operation<P, M>>,
  options: MockOptions = {},
): HttpHandler {
  return http[method](
    toMswPath(path),
    async ({ request, params }) => {
      if (typeof answer !== 'function')
        return toResponse(answer as { status: number; body?: unknown });
      const context = {
        request,
        params: params as PathParamsOf<Operation<P, M>>,
        query: new URL(request.url).searchParams,
        json: async () => (await request.clone().json()) as RequestJsonOf<Operation<P, M>>,
      };
      const result = await answer(context);
      return result instanceof Response
        ? result
        : toResponse(result as { status: number; body?: unknown });
    },
    { once: options.once ?? false },
  );
}

/** Shorthands: typedHttp.get('/api/v2/prospects/{id}', …). */
export const typedHttp = {
  get: <P extends PathsWithMethod<'get'>>(
    path: P,
    answer: MockResult<Operation<P, 'get'>> | MockResolver<Operation<P, 'get'>>,
    options?: MockOptions,
  ) => mockOperation('get', path, answer, options),
  post: <P extends PathsWithMethod<'post'>>(
    path: P,
    answer: MockResult<Operation<P, 'post'>> | MockResolver<Operation<P, 'post'>>,
    options?: MockOptions,
  ) => mockOperation('post', path, answer, options),
  put: <P extends PathsWithMethod<'put'>>(
    path: P,
    answer: MockResult<Operation<P, 'put'>> | MockResolver<Operation<P, 'put'>>,
    options?: MockOptions,
  ) => mockOperation('put', path, answer, options),
  patch: <P extends PathsWithMethod<'patch'>>(
    path: P,
    answer: MockResult<Operation<P, 'patch'>> | MockResolver<Operation<P, 'patch'>>,
    options?: MockOptions,
  ) => mockOperation('patch', path, answer, options),
  delete: <P extends PathsWithMethod<'delete'>>(
    path: P,
    answer: MockResult<Operation<P, 'delete'>> | MockResolver<Operation<P, 'delete'>>,
    options?: MockOptions,
  ) => mockOperation('delete', path, answer, options),
};

/** A typed error answer `{ detail }` for any declared error status. */
export function detail(message: string): { detail: string } {
  return { detail: message };
}
