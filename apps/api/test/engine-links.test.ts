import { describe, expect, it } from 'vitest';
import { linkSigner } from '../src/engine/links';

/** The engine's signed links: what the server signed verifies, anything else is refused. */
const signer = linkSigner(new TextEncoder().encode('a test secret of enough length!!'));

describe('signed mail links', () => {
  it('answers the payload of a link it signed', () => {
    expect(signer.verify(signer.sign({ kind: 'unsubscribe', sendId: 42 }))).toEqual({
      kind: 'unsubscribe',
      sendId: 42,
    });
    expect(signer.verify(signer.sign({ kind: 'click', sendId: 7, page: 'pricing' }))).toEqual({
      kind: 'click',
      sendId: 7,
      page: 'pricing',
    });
  });

  it('refuses a tampered, truncated or foreign link', () => {
    const token = signer.sign({ kind: 'click', sendId: 7, page: 'pricing' });
    const [body, mac] = token.split('.') as [string, string];
    const other = Buffer.from('c\n8\npricing').toString('base64url');
    expect(signer.verify(`${other}.${mac}`)).toBeNull();
    expect(signer.verify(`${body}.${mac.slice(0, -2)}`)).toBeNull();
    expect(signer.verify(body)).toBeNull();
    expect(signer.verify('')).toBeNull();
    const foreign = linkSigner(new TextEncoder().encode('another secret of enough length!'));
    expect(foreign.verify(token)).toBeNull();
  });

  it('never signs a payload it would read back differently', () => {
    const open = signer.sign({ kind: 'open', sendId: 3 });
    expect(signer.verify(open)).toEqual({ kind: 'open', sendId: 3 });
    expect(signer.sign({ kind: 'open', sendId: 3 })).toBe(open);
  });
});
