/**
 * Measures the reply classifier on the held-out part of the corpus: precision, recall and F1 per label, and the
 * macro-F1 of the intents of human replies (the targets of decision 0180).
 */
import { REPLY_INTENTS, REPLY_LABELS, type ReplyLabel } from '@prospecta/domain';
import { classifyReply } from './classify';
import { isHeldOut, type CorpusReply } from './model';

export interface LabelScore {
  label: ReplyLabel;
  support: number;
  predicted: number;
  precision: number;
  recall: number;
  f1: number;
}

export interface Evaluation {
  total: number;
  accuracy: number;
  scores: LabelScore[];
  intentsMacroF1: number;
  referrals: { expected: number; found: number };
  errors: { id: string; expected: ReplyLabel; got: ReplyLabel }[];
}

/** The mail's date the corpus's out-of-office answers are read at. */
const CORPUS_DATE = new Date('2026-11-24T10:00:00Z');

export function evaluate(corpus: CorpusReply[]): Evaluation {
  const heldOut = corpus.filter(isHeldOut);
  const results = heldOut.map((reply) => ({
    reply,
    got: classifyReply({ subject: reply.subject, text: reply.body, date: CORPUS_DATE }),
  }));
  const scores = REPLY_LABELS.map((label): LabelScore => {
    const support = results.filter((r) => r.reply.label === label).length;
    const predicted = results.filter((r) => r.got.label === label).length;
    const correct = results.filter((r) => r.reply.label === label && r.got.label === label).length;
    const precision = predicted ? correct / predicted : support ? 0 : 1;
    const recall = support ? correct / support : 1;
    const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
    return { label, support, predicted, precision, recall, f1 };
  });
  const intents = scores.filter((s) => (REPLY_INTENTS as readonly string[]).includes(s.label));
  const referred = results.filter((r) => r.reply.referral);
  return {
    total: results.length,
    accuracy: results.filter((r) => r.got.label === r.reply.label).length / results.length,
    scores,
    intentsMacroF1: intents.reduce((sum, s) => sum + s.f1, 0) / intents.length,
    referrals: {
      expected: referred.length,
      found: referred.filter((r) => r.got.referral === r.reply.referral).length,
    },
    errors: results
      .filter((r) => r.got.label !== r.reply.label)
      .map((r) => ({ id: r.reply.id, expected: r.reply.label, got: r.got.label })),
  };
}
