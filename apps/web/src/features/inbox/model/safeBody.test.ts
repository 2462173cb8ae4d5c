import { describe, expect, it } from 'vitest';
import { looksLikeHtml, plainSnippet, safeBody, textToHtml } from './safeBody';

describe('safeBody (message bodies)', () => {
  it('removes scripts, event handlers, forms, styles and frames', () => {
    const { html } = safeBody(
      '<p onclick="alert(1)">Hi</p><script>alert(2)</script><form action="https://evil.test"><input name="x"><button>Go</button></form>' +
        '<style>body{display:none}</style><iframe src="https://evil.test"></iframe><div style="position:fixed;inset:0">Cover</div>',
    );
    expect(html).not.toMatch(
      /onclick|<script|<form|<input|<button|<style|<iframe|style=|position:fixed/i,
    );
    expect(html).toContain('Hi');
    expect(html).toContain('Cover');
  });

  it('keeps only http(s) and mailto links, opened in a new tab without referrer', () => {
    const { html } = safeBody(
      '<a href="javascript:alert(1)">a</a><a href="https://ok.test/x">b</a><a href="data:text/html,x">c</a>',
    );
    const doc = new DOMParser().parseFromString(html, 'text/html');
    const links = [...doc.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual([null, 'https://ok.test/x', null]);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    }
  });

  it('blocks remote images until asked, never restores other schemes', () => {
    const content =
      '<p>Logo</p><img src="https://tracker.test/pixel.gif" alt="logo"><img src="javascript:alert(1)"><img src="data:image/svg+xml,<svg onload=alert(1)>">';
    const blocked = safeBody(content);
    expect(blocked.blockedImages).toBe(1);
    expect(blocked.html).not.toMatch(/\ssrc=/);
    expect(blocked.html).toContain('data-blocked-src="https://tracker.test/pixel.gif"');
    const shown = safeBody(content, { allowImages: true });
    expect(shown.blockedImages).toBe(0);
    expect(shown.html).toContain('src="https://tracker.test/pixel.gif"');
    expect(shown.html).not.toMatch(/javascript:|data:image/);
  });

  it('shows plain text as text, with its addresses made clickable', () => {
    expect(looksLikeHtml('Hello, see you tomorrow.')).toBe(false);
    const { html } = safeBody(
      'Hello, 2 < 3 and 4 > 1,\nsee https://example.com/a?b=1. Or write to anna@example.com!',
    );
    expect(html).toContain('2 &lt; 3 and 4 &gt; 1');
    expect(html).toContain('<br>');
    expect(html).toContain('href="https://example.com/a?b=1"');
    expect(html).toContain('href="mailto:anna@example.com"');
    expect(textToHtml('www.example.com')).toContain('href="https://www.example.com"');
  });

  it('gives a plain snippet of an HTML body', () => {
    expect(
      plainSnippet('<p>Hello</p><p>World<script>alert(1)</script></p><style>p{}</style>'),
    ).toBe('Hello World');
    expect(plainSnippet('x'.repeat(300), 20)).toHaveLength(20);
  });
});
