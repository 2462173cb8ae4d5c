/** Runtime environments, as served by GET /config.json and set by APP_ENV on the server. */
export const ENVIRONMENTS = ['development', 'ci', 'staging', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export function isEnvironment(value: unknown): value is Environment {
  return typeof value === 'string' && (ENVIRONMENTS as readonly string[]).includes(value);
}
