import { describe, expect, it } from 'vitest';
import { MAIL_FRAME_CSP, mailDocument, unsubscribeLinks } from './mailDocument';

describe('the document of a caught mail’s HTML part', () => {
  it('carries its own policy without scripts, and opens links in a new tab', () => {
    const doc = mailDocument('<p>Hi <a href="http://localhost:3000/m/c/x">there</a></p>');
    expect(doc).toContain(`content="${MAIL_FRAME_CSP}"`);
    expect(MAIL_FRAME_CSP).toContain("default-src 'none'");
    expect(MAIL_FRAME_CSP).not.toContain('script-src');
    expect(doc).toContain('<base target="_blank">');
    expect(doc).toContain('<body><p>Hi <a href="http://localhost:3000/m/c/x">there</a></p></body>');
  });
});

describe('unsubscribeLinks', () => {
  it('keeps the http(s) addresses of List-Unsubscribe, not mailto', () => {
    expect(
      unsubscribeLinks(
        '<mailto:u@acme.example?subject=unsubscribe>, <http://localhost:3000/m/u/abc>',
      ),
    ).toEqual(['http://localhost:3000/m/u/abc']);
    expect(unsubscribeLinks(undefined)).toEqual([]);
    expect(unsubscribeLinks('not a list')).toEqual([]);
  });
});
