import { APP_VERSION } from '@prospecta/domain';

function majorMinor(version: string): [number, number] | null {
  const match = /^(\d+)\.(\d+)(?:\.\d+)?$/.exec(version.trim());
  if (!match) return null;
  return [Number(match[1]), Number(match[2])];
}

/**
 * §4: the 'new features' tutorial shows when no version is stored or the stored major/minor is lower than
 * the app's (2.3.5). A stored value that is not a version counts as none.
 */
export function shouldShowTutorial(stored: string | null, current: string = APP_VERSION): boolean {
  const now = majorMinor(current);
  if (!now) throw new Error(`shouldShowTutorial: the app version "${current}" is not a version`);
  const seen = stored === null ? null : majorMinor(stored);
  if (!seen) return true;
  return seen[0] < now[0] || (seen[0] === now[0] && seen[1] < now[1]);
}
