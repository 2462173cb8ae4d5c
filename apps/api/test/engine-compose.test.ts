import { describe, expect, it } from 'vitest';
import { UNSUBSCRIBE_SENTENCES } from '@prospecta/domain';
import { composeMail, type ComposeInput } from '../src/engine/compose';
import { linkSigner } from '../src/engine/links';

/** The message of one planned e-mail, composed without a database or a network. */

const signer = linkSigner(new TextEncoder().encode('a secret for the compose tests, long enough'));
const PAGE = {
  key: 'offer',
  name: 'Notre offre',
  url: 'https://www.example.com/offre?ref=mail',
  utm_source: 'prospecta',
  utm_medium: 'email',
  utm_campaign: 'automne',
  utm_content: '',
  utm_term: '',
};

function input(over: Partial<ComposeInput> = {}): ComposeInput {
  return {
    send: { id: 42, messageId: 'abc.42@mail.example.com' },
    step: {
      subject: 'Bonjour {{first_name|à vous}}',
      body: 'Bonjour {{first_name}},\n\nVoyez {{link:offer}}.\n\nCordialement',
      newThread: false,
    },
    campaign: { language: 'fr', trackOpens: true, trackClicks: true, landingPages: [PAGE] },
    mailbox: { name: 'Julien Moreau', email: 'julien@sender.example' },
    prospect: {
      email: 'claire@prospect.example',
      first_name: 'Claire',
      last_name: 'Martin',
      company_name: 'Acme',
      position: null,
    },
    previous: [],
    links: { publicUrl: 'https://app.example.com/', signer },
    ...over,
  };
}

const tokenOf = (url: string, path: string) => {
  const prefix = `https://app.example.com${path}`;
  expect(url.startsWith(prefix)).toBe(true);
  return url.slice(prefix.length);
};

describe('composeMail', () => {
  it('fills the first mail for the prospect, from the mailbox, with its own Message-ID and no thread', () => {
    const mail = composeMail(input());
    expect(mail.from).toEqual({ name: 'Julien Moreau', address: 'julien@sender.example' });
    expect(mail.to).toEqual({ name: 'Claire Martin', address: 'claire@prospect.example' });
    expect(mail.subject).toBe('Bonjour Claire');
    expect(mail.messageId).toBe('abc.42@mail.example.com');
    expect(mail.inReplyTo).toBeNull();
    expect(mail.references).toEqual([]);
    expect(
      mail.text.startsWith('Bonjour Claire,\n\nVoyez Notre offre (https://app.example.com/m/c/'),
    ).toBe(true);
  });

  it('has the one-click unsubscribe headers and the sentence at the end, signed for this send', () => {
    const mail = composeMail(input());
    const token = tokenOf(mail.unsubscribeUrl, '/m/u/');
    expect(signer.verify(token)).toEqual({ kind: 'unsubscribe', sendId: 42 });
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${mail.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const sentence = UNSUBSCRIBE_SENTENCES.fr.replace('{url}', mail.unsubscribeUrl);
    expect(mail.text.endsWith(`Cordialement\n\n${sentence}\n`)).toBe(true);
  });

  it('puts the sentence where the template says, in the campaign’s language', () => {
    const mail = composeMail(
      input({
        campaign: { language: 'en', trackOpens: false, trackClicks: false, landingPages: [] },
        step: {
          subject: 'Hello',
          body: 'Hi {{first_name}}\n{{unsubscribe}}\nBye',
          newThread: false,
        },
      }),
    );
    const sentence = UNSUBSCRIBE_SENTENCES.en.replace('{url}', mail.unsubscribeUrl);
    expect(mail.text).toBe(`Hi Claire\n${sentence}\nBye\n`);
    expect(mail.text.split(mail.unsubscribeUrl)).toHaveLength(2);
  });

  it('tracks clicks through a signed link of the page, or gives the page with its UTM when it does not', () => {
    const tracked = composeMail(input());
    const url = /\((https:\/\/app\.example\.com\/m\/c\/[^)]+)\)/.exec(tracked.text)?.[1] ?? '';
    expect(signer.verify(tokenOf(url, '/m/c/'))).toEqual({
      kind: 'click',
      sendId: 42,
      page: 'offer',
    });
    expect(tracked.html).toContain(`<a href="${url}">Notre offre</a>`);

    const plain = composeMail(
      input({
        campaign: { language: 'fr', trackOpens: false, trackClicks: false, landingPages: [PAGE] },
      }),
    );
    expect(plain.text).toContain(
      'Notre offre (https://www.example.com/offre?ref=mail&utm_source=prospecta&utm_medium=email&utm_campaign=automne)',
    );
    expect(plain.text).not.toContain('/m/c/');
  });

  it('adds an HTML part with the open pixel only when opens are tracked; the text part always', () => {
    const mail = composeMail(input());
    expect(mail.openUrl).not.toBeNull();
    expect(signer.verify(tokenOf(mail.openUrl ?? '', '/m/o/'))).toEqual({
      kind: 'open',
      sendId: 42,
    });
    expect(mail.html).toContain(`<img src="${mail.openUrl}" width="1" height="1" alt=""`);
    expect(mail.html).toContain(`<a href="${mail.unsubscribeUrl}">`);
    expect(mail.text).not.toContain('/m/o/');

    const untracked = composeMail(
      input({
        campaign: { language: 'fr', trackOpens: false, trackClicks: true, landingPages: [PAGE] },
      }),
    );
    expect(untracked.html).toBeNull();
    expect(untracked.openUrl).toBeNull();
    expect(untracked.text).toContain('Bonjour Claire');
  });

  it('escapes the prospect’s values in the HTML part', () => {
    const mail = composeMail(
      input({
        prospect: {
          email: 'x@prospect.example',
          first_name: '<b>Eve</b> & co',
          last_name: null,
          company_name: null,
          position: null,
        },
      }),
    );
    expect(mail.html).toContain('Bonjour &lt;b&gt;Eve&lt;/b&gt; &amp; co,');
    expect(mail.html).not.toContain('<b>Eve');
  });

  it('threads a follow-up: In-Reply-To the previous mail, References all of them, Re: the first subject', () => {
    const mail = composeMail(
      input({
        step: { subject: 'Relance', body: 'Petite relance', newThread: false },
        previous: [
          { messageId: 'one@x', subjectTemplate: 'Bonjour {{first_name}}', newThread: true },
          { messageId: 'two@x', subjectTemplate: 'ignored', newThread: false },
        ],
      }),
    );
    expect(mail.subject).toBe('Re: Bonjour Claire');
    expect(mail.inReplyTo).toBe('two@x');
    expect(mail.references).toEqual(['one@x', 'two@x']);
  });

  it('starts a new thread for a step that says so, and follows the latest thread afterwards', () => {
    const fresh = composeMail(
      input({
        step: { subject: 'Autre sujet', body: 'Nouveau fil', newThread: true },
        previous: [{ messageId: 'one@x', subjectTemplate: 'Bonjour', newThread: true }],
      }),
    );
    expect(fresh.subject).toBe('Autre sujet');
    expect(fresh.inReplyTo).toBeNull();
    expect(fresh.references).toEqual([]);

    const after = composeMail(
      input({
        step: { subject: 'x', body: 'y', newThread: false },
        previous: [
          { messageId: 'one@x', subjectTemplate: 'Bonjour', newThread: true },
          { messageId: 'three@x', subjectTemplate: 'Re: Autre sujet', newThread: true },
        ],
      }),
    );
    expect(after.subject).toBe('Re: Autre sujet');
    expect(after.references).toEqual(['three@x']);
  });

  it('keeps the subject on one line', () => {
    const mail = composeMail(
      input({ step: { subject: 'Ligne un\r\nBcc: x@evil.example', body: 'b', newThread: false } }),
    );
    expect(mail.subject).toBe('Ligne un Bcc: x@evil.example');
  });
});
