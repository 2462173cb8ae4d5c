import { describe, expect, it } from 'vitest';
import { loadRuntimeConfig } from './config';

const respond = (body: unknown, status = 200) => (async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })) as typeof fetch;

describe('loadRuntimeConfig', () => {
  it('returns a valid configuration', async () => {
    const config = { apiBaseUrl: '', userServiceBaseUrl: 'https://users.example', environment: 'staging' };
    await expect(loadRuntimeConfig(respond(config))).resolves.toEqual(config);
  });
  it('explains a missing or malformed configuration', async () => {
    await expect(loadRuntimeConfig(respond('nope', 404))).rejects.toThrow('Could not load /config.json: HTTP 404');
    await expect(loadRuntimeConfig(respond('{'))).rejects.toThrow('/config.json is not valid JSON');
    await expect(loadRuntimeConfig(respond({ apiBaseUrl: '', environment: 'moon' }))).rejects.toThrow(/userServiceBaseUrl.*environment/);
    await expect(
      loadRuntimeConfig((async () => {
        throw new TypeError('network down');
      }) as typeof fetch),
    ).rejects.toThrow('Could not load /config.json: network down');
  });
});
