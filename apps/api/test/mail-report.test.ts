import { describe, expect, it } from 'vitest';
import {
  deliveryReport,
  isAutoReply,
  permanentFailures,
  threadMessageIds,
} from '../src/integrations/mail-report';

/** What the mailbox watch reads besides a mail's text: delivery reports, automatic answers, the thread. */

const crlf = (lines: string[]) => lines.join('\r\n');

/** Header fields as mailparser gives them (names in lower case). */
const headers = (fields: Record<string, unknown>) => {
  const map = new Map(Object.entries(fields));
  return { get: (name: string) => map.get(name), has: (name: string) => map.has(name) };
};

describe('delivery status notifications (RFC 3464)', () => {
  it('reads every recipient of a report, folded fields included, and the returned message’s Message-ID', () => {
    const report = deliveryReport(
      crlf([
        'From: postmaster@mx.example',
        'Content-Type: multipart/report; REPORT-TYPE="Delivery-Status";',
        ' boundary=XYZ',
        '',
        '--XYZ',
        'Content-Type: text/plain',
        '',
        'Action: failed (this prose is not the report)',
        '--XYZ',
        'Content-Type: message/delivery-status',
        '',
        'Reporting-MTA: dns; mx.example',
        '',
        'Final-Recipient: rfc822; First@Example.com',
        'Action: failed',
        'Status: 5.1.1 (user unknown)',
        'Diagnostic-Code: smtp; 550 5.1.1 user',
        '  unknown',
        '',
        'Final-Recipient: rfc822; <second@example.com>',
        'Action: delayed',
        'Status: 4.4.7',
        '',
        'Original-Recipient: rfc822;third@example.com',
        'Action: FAILED',
        'Status: 4.2.2',
        '',
        '--XYZ',
        'Content-Type: message/rfc822',
        '',
        'From: me@example.org',
        'Message-ID: <abc.1@send.example>',
        '',
        'Bonjour',
        '--XYZ--',
        '',
      ]),
    );
    expect(report).toEqual({
      originalMessageId: 'abc.1@send.example',
      recipients: [
        {
          address: 'first@example.com',
          action: 'failed',
          status: '5.1.1',
          diagnostic: 'smtp; 550 5.1.1 user unknown',
        },
        { address: 'second@example.com', action: 'delayed', status: '4.4.7', diagnostic: null },
        { address: 'third@example.com', action: 'failed', status: '4.2.2', diagnostic: null },
      ],
    });
    // Only the permanent failure is a bounce: a delay, or a failure with a temporary status, is not.
    expect(permanentFailures(report!).map((r) => r.address)).toEqual(['first@example.com']);
  });

  it('finds a report wrapped in a multipart/mixed, with a base64 status part and the returned headers alone', () => {
    const status = Buffer.from(
      crlf([
        'Reporting-MTA: dns; mx',
        '',
        'Final-Recipient: rfc822; a@b.example',
        'Action: failed',
        'Status: 5.2.2',
        '',
      ]),
    ).toString('base64');
    const report = deliveryReport(
      Buffer.from(
        crlf([
          'Content-Type: multipart/mixed; boundary="outer"',
          '',
          '--outer',
          'Content-Type: multipart/report; report-type=delivery-status; boundary="inner"',
          '',
          '--inner',
          'Content-Type: message/delivery-status',
          'Content-Transfer-Encoding: base64',
          '',
          status,
          '--inner',
          'Content-Type: text/rfc822-headers',
          '',
          'Message-ID:',
          ' <folded@send.example>',
          '--inner--',
          '--outer--',
        ]),
      ),
    );
    expect(report).toEqual({
      originalMessageId: 'folded@send.example',
      recipients: [{ address: 'a@b.example', action: 'failed', status: '5.2.2', diagnostic: null }],
    });
  });

  it('is no report for an ordinary mail, another report type, or a report without a status part', () => {
    expect(deliveryReport(crlf(['Content-Type: text/plain', '', 'Action: failed']))).toBeNull();
    expect(
      deliveryReport(
        crlf([
          'Content-Type: multipart/report; report-type=disposition-notification; boundary=b',
          '',
          '--b',
          'Content-Type: message/disposition-notification',
          '',
          'Disposition: manual-action/MDN-sent-manually; displayed',
          '--b--',
        ]),
      ),
    ).toBeNull();
    expect(
      deliveryReport(
        crlf([
          'Content-Type: multipart/report; report-type=delivery-status; boundary=b',
          '',
          '--b',
          'Content-Type: text/plain',
          '',
          'Sorry.',
          '--b--',
        ]),
      ),
    ).toBeNull();
  });
});

describe('automatic answers (RFC 3834)', () => {
  it.each([
    [{ 'auto-submitted': 'auto-replied' }, 'Re: Votre offre'],
    [{ 'auto-submitted': 'auto-generated; owner-email="x@y"' }, 'Hello'],
    [{ 'x-autoreply': 'yes' }, 'Hello'],
    [{ 'x-autorespond': 'Thanks' }, 'Hello'],
    [{ precedence: 'bulk' }, 'Hello'],
    [{ precedence: 'auto_reply' }, 'Hello'],
    [{ precedence: 'junk' }, 'Hello'],
    [{}, 'Out of Office: Votre offre'],
    [{}, 'Automatic reply: Votre offre'],
    [{}, 'Réponse automatique : Votre offre'],
    [{}, 'RE: Absence du bureau'],
    [{}, 'Abwesenheitsnotiz: Ihr Angebot'],
  ])('%j with the subject “%s” is an automatic answer', (fields, subject) => {
    expect(isAutoReply(headers(fields), subject)).toBe(true);
  });

  it.each([
    [{ 'auto-submitted': 'no' }, 'Re: Votre offre'],
    [{ 'auto-submitted': { value: 'No', params: {} } }, 'Re: Votre offre'],
    [{ precedence: 'list' }, 'Re: Votre offre'],
    [{}, 'Re: Votre logiciel, automatique ou pas ?'],
  ])('%j with the subject “%s” is a person’s answer', (fields, subject) => {
    expect(isAutoReply(headers(fields), subject)).toBe(false);
  });
});

describe('the thread a mail answers', () => {
  it('gives In-Reply-To first, then References from the newest, without brackets or doubles', () => {
    expect(threadMessageIds('<c@x>', '<a@x> <b@x> <c@x>')).toEqual(['c@x', 'b@x', 'a@x']);
    expect(threadMessageIds(undefined, ['<a@x>', '<b@x>'])).toEqual(['b@x', 'a@x']);
    expect(threadMessageIds('bare@x', undefined)).toEqual(['bare@x']);
    expect(threadMessageIds(undefined, undefined)).toEqual([]);
  });
});
