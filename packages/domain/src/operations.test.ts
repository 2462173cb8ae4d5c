import { describe, expect, it } from 'vitest';
import { isPublicOperation, PUBLIC_OPERATIONS, PUBLIC_PATHS } from './operations';

describe('public operations (read from the contract security)', () => {
  it('names the sign-in, token and password-reset calls as public', () => {
    // The spec's public calls, written out on purpose: the generated list must contain them.
    for (const path of [
      '/api/v2/auth/token/get',
      '/api/v2/auth/token/verify',
      '/api/v2/auth/token/refresh',
      '/api/v2/auth/token/revoke',
      '/api/user/reset-password',
      '/api/user/reset-change-password',
    ]) {
      expect(PUBLIC_PATHS.has(path)).toBe(true);
    }
    expect(isPublicOperation('getToken')).toBe(true);
  });

  it('keeps every other call behind a bearer token', () => {
    expect(PUBLIC_PATHS.has('/api/v1/prospects/{id}')).toBe(false);
    expect(isPublicOperation('getProspect')).toBe(false);
    expect(PUBLIC_OPERATIONS.every((operation) => operation.operationId.length > 0)).toBe(true);
  });
});
