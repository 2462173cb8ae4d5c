import Bowser from 'bowser';
import { APP_VERSION } from '@prospecta/domain';

export type DeviceType = 'desktop' | 'mobile' | 'tablet' | 'other';

export interface DebugInfo {
  browser: string;
  os: string;
  device: DeviceType;
  appVersion: string;
}

const UNKNOWN = '?';

/** Browser, operating system and device type from a user agent, with the app version (§2 profile debug line). */
export function debugInfoFrom(userAgent: string, appVersion: string = APP_VERSION): DebugInfo {
  // bowser (MIT) refuses an empty user agent; there is nothing to recognise in it anyway.
  if (userAgent.trim() === '')
    return { browser: UNKNOWN, os: UNKNOWN, device: 'desktop', appVersion };
  const result = Bowser.parse(userAgent);
  const named = (name?: string, version?: string) =>
    name ? [name, version].filter(Boolean).join(' ') : UNKNOWN;
  const type = result.platform.type;
  const device: DeviceType =
    type === undefined || type === 'desktop'
      ? 'desktop'
      : type === 'mobile' || type === 'tablet'
        ? type
        : 'other';
  return {
    browser: named(result.browser.name, result.browser.version?.split('.')[0]),
    // Windows reports its marketing version (10, 11) apart from the NT version.
    os: named(
      result.os.name,
      result.os.name === 'Windows'
        ? (result.os.versionName ?? result.os.version)
        : result.os.version,
    ),
    device,
    appVersion,
  };
}
