import { describe, expect, it } from 'vitest';
import { debugInfoFrom } from './debugInfo';

describe('debugInfoFrom', () => {
  it('describes a desktop browser', () => {
    const info = debugInfoFrom(
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    );
    expect(info).toEqual({
      browser: 'Chrome 131',
      os: 'Linux',
      device: 'desktop',
      appVersion: '2.3.5',
    });
  });

  it('describes a phone and a tablet', () => {
    const phone = debugInfoFrom(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    );
    expect(phone.device).toBe('mobile');
    expect(phone.os).toBe('iOS 17.5');
    expect(phone.browser).toBe('Safari 17');
    const tablet = debugInfoFrom(
      'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
    );
    expect(tablet.device).toBe('tablet');
  });

  it('names Windows by its marketing version', () => {
    const info = debugInfoFrom(
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
    );
    expect(info.browser).toBe('Microsoft Edge 131');
    expect(info.os).toBe('Windows 10');
  });

  it('marks what it cannot recognise', () => {
    expect(debugInfoFrom('curl/8.0', '9.9.9')).toEqual({
      browser: '?',
      os: '?',
      device: 'desktop',
      appVersion: '9.9.9',
    });
    expect(debugInfoFrom('', '9.9.9')).toEqual({
      browser: '?',
      os: '?',
      device: 'desktop',
      appVersion: '9.9.9',
    });
  });
});
