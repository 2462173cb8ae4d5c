import { describe, expect, it } from 'vitest';
import {
  ANSWER_MAX_LENGTH,
  EMAIL_SIGNATURE_MAX_LENGTH,
  isAnswerErrorCode,
  isSendableAnswer,
  normalizeSignature,
  signatureProblem,
} from './answers';

describe('a mailbox signature', () => {
  it('is stored without Windows line ends, trailing spaces or blank edge lines (leading spaces kept)', () => {
    expect(normalizeSignature('\r\n\r\n  Julien   \r\nProspecta\t\r\n\r\n')).toBe(
      '  Julien\nProspecta',
    );
    expect(normalizeSignature(' \n \n')).toBe('');
  });

  it('is refused too long, with more than 10 lines, or with a separator line of its own', () => {
    expect(signatureProblem('x'.repeat(EMAIL_SIGNATURE_MAX_LENGTH))).toBeNull();
    expect(signatureProblem('x'.repeat(EMAIL_SIGNATURE_MAX_LENGTH + 1))).toBe('too_long');
    expect(signatureProblem(Array.from({ length: 10 }, () => 'l').join('\n'))).toBeNull();
    expect(signatureProblem(Array.from({ length: 11 }, () => 'l').join('\n'))).toBe(
      'too_many_lines',
    );
    // Trailing blank lines are not lines of the signature.
    expect(
      signatureProblem(`${Array.from({ length: 10 }, () => 'l').join('\n')}\n\n\n`),
    ).toBeNull();
    expect(signatureProblem('Julien\n-- \nProspecta')).toBe('separator');
    expect(signatureProblem('Julien -- Prospecta')).toBeNull();
    expect(signatureProblem('')).toBeNull();
  });
});

describe('an answer', () => {
  it('is sendable when not blank and not too long', () => {
    expect(isSendableAnswer('  \n ')).toBe(false);
    expect(isSendableAnswer('Merci')).toBe(true);
    expect(isSendableAnswer('x'.repeat(ANSWER_MAX_LENGTH + 1))).toBe(false);
  });

  it('knows the server’s refusal codes only', () => {
    expect(isAnswerErrorCode('answer_timeout')).toBe(true);
    expect(isAnswerErrorCode('timeout')).toBe(false);
  });
});
