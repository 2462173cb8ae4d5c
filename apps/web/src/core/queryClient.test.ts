import { describe, expect, it } from 'vitest';
import { ApiError } from '@prospecta/api-client';
import { createQueryClient, shouldRetry } from './queryClient';

describe('which failed calls are tried again', () => {
  it('never retries an answer the server gave on purpose (4xx)', () => {
    for (const status of [400, 401, 403, 404, 409, 422])
      expect(shouldRetry(0, new ApiError(status, { detail: 'x' }))).toBe(false);
  });
  it('retries twice what may pass: network errors, timeouts, 429 and 5xx', () => {
    for (const error of [
      new TypeError('Failed to fetch'),
      new ApiError(500, null),
      new ApiError(503, null),
      new ApiError(408, null),
      new ApiError(429, null),
    ]) {
      expect(shouldRetry(0, error)).toBe(true);
      expect(shouldRetry(1, error)).toBe(true);
      expect(shouldRetry(2, error)).toBe(false);
    }
  });
  it('is the app query client’s rule', () => {
    expect(createQueryClient().getDefaultOptions().queries?.retry).toBe(shouldRetry);
  });
});
