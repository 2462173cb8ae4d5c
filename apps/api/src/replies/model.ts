/**
 * The statistical part of the reply classifier: a multinomial naive Bayes over the words and word pairs of a reply's
 * visible text (features() of text.ts: accents folded, each feature counted once per reply), trained on the training
 * part of the corpus (corpus/replies.jsonl). The trained model is a JSON file checked in beside this one
 * (reply-model.json, written by `pnpm --filter @prospecta/api train:replies`), so the bundled server needs neither the
 * corpus nor a training step at start; a test fails when the corpus changed without training again.
 */
import { createHash } from 'node:crypto';
import type { ReplyLabel } from '@prospecta/domain';
import { features, visibleText } from './text';

/** One reply of the corpus. */
export interface CorpusReply {
  id: string;
  /** Replies of one group are forms of the same written reply: they stay on the same side of the split. */
  group: string;
  lang: 'fr' | 'en';
  label: ReplyLabel;
  subject: string;
  body: string;
  referral?: string;
}

export interface ReplyModel {
  /** SHA-256 of the corpus file the model was trained on. */
  corpusSha256: string;
  labels: ReplyLabel[];
  /** Per label, log P(label). */
  priors: number[];
  /** Per feature, per label, log P(feature | label). */
  weights: Record<string, number[]>;
}

/** Additive smoothing of the feature counts. */
const ALPHA = 0.3;

/** Parses the corpus (one JSON reply a line); a malformed line is an error naming its number. */
export function parseCorpus(text: string): CorpusReply[] {
  return text
    .split('\n')
    .map((line, index) => ({ line, index }))
    .filter(({ line }) => line.trim() !== '')
    .map(({ line, index }) => {
      try {
        return JSON.parse(line) as CorpusReply;
      } catch (error) {
        throw new Error(`corpus line ${index + 1}: ${(error as Error).message}`);
      }
    });
}

/**
 * Whether a reply belongs to the held-out part: a quarter of the groups, chosen by the hash of the group's name, so
 * the split never changes when replies are added and the two forms of a reply are never on both sides.
 */
export function isHeldOut(reply: Pick<CorpusReply, 'group'>): boolean {
  return createHash('sha256').update(reply.group).digest()[0]! % 4 === 0;
}

export function corpusSha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The text the model reads of a reply: its visible body. */
export function modelText(body: string): string {
  return visibleText(body);
}

/** Trains the model on these replies (labels absent from them are absent from the model). */
export function train(replies: CorpusReply[], labels: readonly ReplyLabel[], sha256: string): ReplyModel {
  const used = labels.filter((label) => replies.some((r) => r.label === label));
  const counts = new Map<string, number[]>();
  const totals = used.map(() => 0);
  const docs = used.map(() => 0);
  for (const reply of replies) {
    const index = used.indexOf(reply.label);
    if (index < 0) continue;
    docs[index]! += 1;
    for (const feature of features(modelText(reply.body))) {
      let row = counts.get(feature);
      if (!row) counts.set(feature, (row = used.map(() => 0)));
      row[index]! += 1;
      totals[index]! += 1;
    }
  }
  const vocabulary = counts.size;
  const denominators = totals.map((t) => t + ALPHA * vocabulary);
  const round = (n: number) => Math.round(n * 1e4) / 1e4;
  const weights: Record<string, number[]> = {};
  for (const feature of [...counts.keys()].sort()) {
    const row = counts.get(feature)!;
    weights[feature] = row.map((c, i) => round(Math.log((c + ALPHA) / denominators[i]!)));
  }
  const all = docs.reduce((a, b) => a + b, 0);
  return {
    corpusSha256: sha256,
    labels: used,
    priors: docs.map((d) => round(Math.log(d / all))),
    weights,
  };
}

/**
 * The labels of the model with their probabilities for a text, most probable first. A text with no known feature
 * gets the priors.
 */
export function predict(model: ReplyModel, text: string): { label: ReplyLabel; probability: number }[] {
  const scores = [...model.priors];
  for (const feature of features(text)) {
    const row = model.weights[feature];
    if (!row) continue;
    for (let i = 0; i < scores.length; i += 1) scores[i]! += row[i]!;
  }
  const max = Math.max(...scores);
  const exp = scores.map((s) => Math.exp(s - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  return model.labels
    .map((label, i) => ({ label, probability: exp[i]! / sum }))
    .sort((a, b) => b.probability - a.probability);
}
