import { describe, expect, expectTypeOf, it } from 'vitest';
import { defineRoute, json, noContent } from '../src/http/route';
import { allRoutes } from '../src/routes/index';
import { contract } from './helpers';

/**
 * Handlers are typed from the generated contract types: `pnpm typecheck` compiles this file, so every
 * `@ts-expect-error` below fails the build the day the mistake it marks stops being a type error.
 */
describe('handler types come from the contract', () => {
  it('types params, query and body from the operation', () => {
    const route = defineRoute('put', '/api/v1/prospects/{id}', async (ctx) => {
      expectTypeOf(ctx.params.id).toEqualTypeOf<number>();
      expectTypeOf(ctx.body.email).toEqualTypeOf<string | null | undefined>();
      expectTypeOf(ctx.body.company).toEqualTypeOf<
        { name?: string; website?: string | null; address?: string | null } | undefined
      >();
      // @ts-expect-error a body field the contract does not declare
      void ctx.body.prospecting_status;
      // @ts-expect-error the handler's own name for a path parameter (the contract says `id`)
      void ctx.params.prospectId;
      // @ts-expect-error no query parameter is declared for this operation
      void ctx.query.user_id;
      return noContent();
    });
    expect(route).toMatchObject({
      method: 'put',
      path: '/api/v1/prospects/{id}',
      multipart: false,
    });

    defineRoute('get', '/api/users/{id}/last-comments', async (ctx) => {
      expectTypeOf(ctx.query.prospect_id).toEqualTypeOf<number | undefined>();
      // @ts-expect-error a GET has no body
      void ctx.body.content;
      return json(200, { comments: [] });
    });

    defineRoute('post', '/api/v1/prospects/{id}/comment', async (ctx) => {
      expectTypeOf(ctx.params).toEqualTypeOf<{ id: number }>();
      // @ts-expect-error `activity` is one of the contract's CommentActivity values (or null), not any string
      const activity: 'anything' | null | undefined = ctx.body.activity;
      void activity;
      return noContent();
    });
  });

  it('refuses a path or a method the contract does not declare', () => {
    // @ts-expect-error no such path in the contract
    defineRoute('get', '/api/v1/prospects/{prospectId}', async () => noContent());
    // @ts-expect-error the contract declares no DELETE on this path
    defineRoute('delete', '/api/v2/prospects/{id}', async () => noContent());
  });

  it('binds every handler to the contract path of its operation, with its parameter names', () => {
    const contractPaths = new Set(contract().operations.map((op) => `${op.method} ${op.path}`));
    for (const route of allRoutes())
      expect(contractPaths, `${route.method} ${route.path}`).toContain(
        `${route.method} ${route.path}`,
      );
  });
});
