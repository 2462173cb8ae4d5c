import { z } from 'zod';

export const runtimeConfigSchema = z.object({
  apiBaseUrl: z.string(),
  userServiceBaseUrl: z.string(),
  environment: z.enum(['development', 'ci', 'staging', 'production']),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

/** Fetches the runtime configuration (GET /config.json, not baked into the build) and validates it. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch, url = '/config.json'): Promise<RuntimeConfig> {
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: { Accept: 'application/json' }, cache: 'no-store' });
  } catch (error) {
    throw new Error(`Could not load ${url}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`);
  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    throw new Error(`${url} is not valid JSON`, { cause: error });
  }
  const parsed = runtimeConfigSchema.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
    throw new Error(`${url} is invalid: ${issues}`);
  }
  return parsed.data;
}
