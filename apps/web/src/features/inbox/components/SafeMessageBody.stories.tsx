import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { withApp } from '../../../testing/decorators';
import { SafeMessageBody } from './SafeMessageBody';

/** Each payload tries to set `window.__xss` (or to navigate, post or load something) when rendered. OWASP cheat-sheet style. */
const X = 'window.__xss=(window.__xss||0)+1';
const XSS_PAYLOADS: readonly string[] = [
  `<script>${X}</script>`,
  `<img src=x onerror="${X}">`,
  `<img src="javascript:${X}">`,
  `<svg onload="${X}"></svg>`,
  `<svg><script>${X}</script></svg>`,
  `<body onload="${X}">`,
  `<iframe src="javascript:${X}"></iframe>`,
  `<iframe srcdoc="<script>parent.${X}</script>"></iframe>`,
  `<a href="javascript:${X}">click</a>`,
  `<a href="JaVaScRiPt:${X}">mixed case</a>`,
  `<a href="&#106;avascript:${X}">entity</a>`,
  `<a href="  javascript:${X}">spaces</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>`,
  `<div onmouseover="${X}">hover</div>`,
  `<p style="background:url(javascript:${X})">css url</p>`,
  `<div style="position:fixed;inset:0;z-index:99999;background:red">overlay</div>`,
  `<style>body{display:none}</style><p>hidden page</p>`,
  `<link rel="stylesheet" href="https://evil.test/x.css">`,
  `<meta http-equiv="refresh" content="0;url=https://evil.test">`,
  `<base href="https://evil.test/">`,
  `<form action="https://evil.test/post" method="post"><input name="q" value="x"><button>Send</button></form>`,
  `<button formaction="javascript:${X}">fa</button>`,
  `<object data="javascript:${X}"></object>`,
  `<embed src="javascript:${X}">`,
  `<math><mtext><table><mglyph><style><img src=x onerror="${X}">`,
  `<noscript><p title="</noscript><img src=x onerror=${X}>">`,
  `<details open ontoggle="${X}">d</details>`,
  `<video><source onerror="${X}"></video>`,
  `<audio src=x onerror="${X}"></audio>`,
  `<input autofocus onfocus="${X}">`,
  `<marquee onstart="${X}">m</marquee>`,
  `<img src="https://tracker.test/pixel.gif" width="1" height="1">`,
  `<a id="__xss" name="location">clobber</a><form id="location"></form>`,
  `"><script>${X}</script>`,
  `<scr<script>ipt>${X}</scr</script>ipt>`,
  `<img """><script>${X}</script>">`,
];

const meta = {
  title: 'Screens/Inbox/Message body',
  component: SafeMessageBody,
  decorators: [withApp],
  args: {
    content:
      '<p>Hello, <strong>thanks</strong> for your message. See <a href="https://example.com">our site</a>.</p>',
  },
} satisfies Meta<typeof SafeMessageBody>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An ordinary HTML e-mail: formatting and links kept, links open in a new tab. */
export const HtmlEmail: Story = {
  play: async ({ canvasElement }) => {
    const link = within(canvasElement).getByRole('link', { name: 'our site' });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  },
};

/** Plain text: shown as text, addresses clickable. */
export const PlainText: Story = {
  args: { content: 'Hello,\nwrite to anna@example.com or see https://example.com/offer.\nBest' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'anna@example.com' })).toHaveAttribute(
      'href',
      'mailto:anna@example.com',
    );
    await expect(
      canvas.getByRole('link', { name: 'https://example.com/offer' }),
    ).toBeInTheDocument();
  },
};

/** Remote images stay unloaded until 'Show the images'. */
export const RemoteImages: Story = {
  args: {
    content: '<p>Our logo:</p><img src="https://example.com/logo.png" alt="Logo of the sender">',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByTestId('images-blocked')).toBeInTheDocument();
    await expect(canvasElement.querySelector('img[src]')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Show the images' }));
    await waitFor(() => expect(canvasElement.querySelector('img[src]')).not.toBeNull());
  },
};

/** French texts of the image notice. */
export const French: Story = {
  globals: { locale: 'fr' },
  args: RemoteImages.args,
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: 'Afficher les images' }),
    ).toBeInTheDocument();
  },
};

/**
 * The XSS corpus: every payload rendered in Chromium; none runs a script, navigates, posts, loads a
 * remote resource or leaves an active element behind.
 */
export const XssCorpus: Story = {
  render: () => (
    <ol>
      {XSS_PAYLOADS.map((payload, i) => (
        <li key={i} data-testid="xss-case">
          <SafeMessageBody content={payload} />
        </li>
      ))}
    </ol>
  ),
  play: async ({ canvasElement }) => {
    const before = window.location.href;
    await expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(30);
    await expect(within(canvasElement).getAllByTestId('xss-case')).toHaveLength(
      XSS_PAYLOADS.length,
    );
    // Give any handler (onerror, onload, autofocus, meta refresh) time to fire.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
    await expect(window.location.href).toBe(before);
    const bodies = canvasElement.querySelectorAll('[data-testid="message-body"]');
    for (const body of bodies) {
      await expect(
        body.querySelector(
          'script, style, iframe, object, embed, form, input, button, svg, math, meta, link, base, video, audio',
        ),
      ).toBeNull();
      for (const el of body.querySelectorAll('*')) {
        for (const attr of el.getAttributeNames()) {
          await expect(
            attr.startsWith('on') ||
              attr === 'style' ||
              attr === 'id' ||
              attr === 'name' ||
              attr === 'srcset',
          ).toBe(false);
        }
        const url = el.getAttribute('href') ?? el.getAttribute('src') ?? '';
        await expect(/^\s*(javascript|data|vbscript):/i.test(url)).toBe(false);
      }
      await expect(body.querySelector('img[src]')).toBeNull();
    }
  },
};
