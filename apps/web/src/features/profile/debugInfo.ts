import { UAParser } from 'ua-parser-js';
import { APP_VERSION } from '@prospecta/api-client';

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
  const result = UAParser(userAgent);
  const named = (name?: string, version?: string) =>
    name ? [name, version].filter(Boolean).join(' ') : UNKNOWN;
  const type = result.device.type;
  const device: DeviceType =
    type === undefined ? 'desktop' : type === 'mobile' || type === 'tablet' ? type : 'other';
  return {
    browser: named(result.browser.name, result.browser.major ?? result.browser.version),
    os: named(result.os.name, result.os.version),
    device,
    appVersion,
  };
}
