import { describe, expect, it } from 'vitest';
import { mockOperation, toMswPath, typedHttp } from './typed';

describe('typed MSW builders', () => {
  it('turns contract paths into origin-independent MSW paths', () => {
    expect(toMswPath('/api/v2/prospects/{id}')).toBe('*/api/v2/prospects/:id');
    expect(toMswPath('/api/v1/prospects/{id}/comment/{commentId}')).toBe(
      '*/api/v1/prospects/:id/comment/:commentId',
    );
    expect(toMswPath('/api/users/list')).toBe('*/api/users/list');
  });

  it('builds one handler per operation and method', () => {
    const handler = mockOperation('get', '/api/v1/users/{id}/dashboard', {
      status: 200,
      body: { prospects: [] },
    });
    expect(handler.info.method).toBe('GET');
    expect(handler.info.path).toBe('*/api/v1/users/:id/dashboard');
    expect(typedHttp.delete('/api/v1/prospects/tags/{id}', { status: 204 }).info.method).toBe(
      'DELETE',
    );
  });
});

/**
 * Compile-time guarantees (checked by `pnpm --filter @prospecta/api-client typecheck`): each line below must
 * be a type error; if the builders stopped catching it, @ts-expect-error itself would fail the typecheck.
 */
export function wrongPayloadsDoNotCompile(): void {
  // @ts-expect-error a body that does not match the 200 schema
  mockOperation('get', '/api/v1/users/{id}/dashboard', { status: 200, body: { prospect: [] } });
  // @ts-expect-error a status the operation does not declare
  typedHttp.get('/api/v1/users/{id}/dashboard', { status: 201, body: { prospects: [] } });
  // @ts-expect-error a method the path does not have
  mockOperation('post', '/api/v1/users/{id}/dashboard', { status: 200, body: { prospects: [] } });
  // @ts-expect-error a path that is not in the contract
  typedHttp.get('/api/v1/nothing-here', { status: 200, body: {} });
  // @ts-expect-error a detail that is not a string
  typedHttp.put('/api/v1/prospects/{id}/status', { status: 409, body: { detail: 1 } });
  const unknownCode = {
    status: 400,
    body: { detail: 'x', message: { state_message: 'no_such_code' } },
  } as const;
  // @ts-expect-error an unknown integration state_message
  typedHttp.post('/api/v2/integrations/email/smtp', unknownCode);
}
