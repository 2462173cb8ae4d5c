import { describe, expect, it } from 'vitest';
import {
  DEFAULT_RUNTIME_CONFIG,
  RuntimeConfigError,
  loadRuntimeConfig,
  parseRuntimeConfig,
} from './config';

function fakeFetch(response: Response | Error): typeof fetch {
  return async () => {
    if (response instanceof Error) throw response;
    return response;
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('loadRuntimeConfig', () => {
  it('reads the bases and the environment from /config.json', async () => {
    let requested = '';
    const fetchImpl: typeof fetch = async (input) => {
      requested = String(input);
      return json({
        apiBaseUrl: 'https://api.example.com/',
        userServiceBaseUrl: 'https://users.example.com',
        environment: 'staging',
        mailCatcher: true,
      });
    };
    await expect(loadRuntimeConfig(fetchImpl)).resolves.toEqual({
      apiBaseUrl: 'https://api.example.com',
      userServiceBaseUrl: 'https://users.example.com',
      environment: 'staging',
      mailCatcher: true,
    });
    expect(requested).toBe('/config.json');
  });

  it('fills missing keys with the same-origin defaults', async () => {
    await expect(loadRuntimeConfig(fakeFetch(json({ environment: 'ci' })))).resolves.toEqual({
      apiBaseUrl: '',
      userServiceBaseUrl: '',
      environment: 'ci',
      mailCatcher: false,
    });
  });

  it('falls back to the same origin when the file is missing, unreachable or an HTML fallback page', async () => {
    await expect(
      loadRuntimeConfig(fakeFetch(new Response('nope', { status: 404 }))),
    ).resolves.toEqual(DEFAULT_RUNTIME_CONFIG);
    await expect(loadRuntimeConfig(fakeFetch(new TypeError('Failed to fetch')))).resolves.toEqual(
      DEFAULT_RUNTIME_CONFIG,
    );
    await expect(
      loadRuntimeConfig(
        fakeFetch(
          new Response('<!doctype html><html></html>', {
            headers: { 'Content-Type': 'text/html' },
          }),
        ),
      ),
    ).resolves.toEqual(DEFAULT_RUNTIME_CONFIG);
  });

  it('raises a clear error for a broken file', async () => {
    await expect(
      loadRuntimeConfig(
        fakeFetch(new Response('{ not json', { headers: { 'Content-Type': 'application/json' } })),
      ),
    ).rejects.toThrow('/config.json is not valid JSON.');
    await expect(loadRuntimeConfig(fakeFetch(new Response('', { status: 500 })))).rejects.toThrow(
      'Could not load /config.json: the server answered 500.',
    );
  });
});

describe('parseRuntimeConfig', () => {
  it('rejects values of the wrong type and unknown environments', () => {
    expect(() => parseRuntimeConfig([])).toThrow(RuntimeConfigError);
    expect(() => parseRuntimeConfig({ apiBaseUrl: 42 })).toThrow('"apiBaseUrl" must be a string');
    expect(() => parseRuntimeConfig({ environment: 'prod' })).toThrow(
      '"environment" must be one of development, ci, staging, production; got "prod".',
    );
  });
});
