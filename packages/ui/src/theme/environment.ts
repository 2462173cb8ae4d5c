/** The environments that tint the page (the runtime environments themselves are the app's: @prospecta/domain). */
export const environmentTints = ['ci', 'staging'] as const;
export type EnvironmentTintName = (typeof environmentTints)[number];

/** Which page tint an environment gets: orange in CI, indigo in staging, none otherwise. */
export function tintForEnvironment(
  environment: string | null | undefined,
): EnvironmentTintName | null {
  return environment === 'ci' || environment === 'staging' ? environment : null;
}

/** Sets (or clears) `data-env` on the root element, which tints the page background. */
export function applyEnvironment(
  environment: string | null | undefined,
  root: HTMLElement = document.documentElement,
): void {
  const tint = tintForEnvironment(environment);
  if (tint) root.dataset.env = tint;
  else delete root.dataset.env;
}
