/**
 * The statistical part of the reply classifier: a multinomial logistic regression over the features of a reply's
 * visible text (features() of text.ts: folded words, word pairs, hand-written concepts, a question mark), trained by
 * stochastic gradient descent on the training part of the corpus (corpus/replies.jsonl) in a fixed order, so the same
 * corpus always gives the same model. It was chosen over naive Bayes by a 5-fold cross-validation of the training part
 * (decision 0180). The trained model is a JSON file checked in beside this one (reply-model.json, written by
 * `pnpm --filter @prospecta/api train:replies`), so the bundled server needs neither the corpus nor a training step at
 * start; a test fails when the corpus changed without training again.
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
  /** Per label, the score of a text with no known feature. */
  bias: number[];
  /** Per feature, per label, what the feature adds to the label's score. */
  weights: Record<string, number[]>;
}

/** Passes over the training replies, learning rate and L2 penalty of the gradient descent. */
const EPOCHS = 30;
const LEARNING_RATE = 0.5;
const L2 = 1e-4;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

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
  return sha256(text);
}

/** The text the model reads of a reply: its visible body. */
export function modelText(body: string): string {
  return visibleText(body);
}

function softmax(scores: number[]): number[] {
  const max = Math.max(...scores);
  const exp = scores.map((s) => Math.exp(s - max));
  const sum = exp.reduce((a, b) => a + b, 0);
  return exp.map((e) => e / sum);
}

/** Trains the model on these replies (labels absent from them are absent from the model). */
export function train(
  replies: CorpusReply[],
  labels: readonly ReplyLabel[],
  corpusHash: string,
): ReplyModel {
  const used = labels.filter((label) => replies.some((r) => r.label === label));
  // A fixed order that mixes the labels (the corpus lists them one after the other).
  const ordered = replies
    .filter((r) => used.includes(r.label))
    .map((r) => ({ r, key: sha256(r.id) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ r }) => r);
  const index = new Map<string, number>();
  const rows = ordered.map((r) =>
    features(modelText(r.body)).map((f) => {
      let i = index.get(f);
      if (i === undefined) index.set(f, (i = index.size));
      return i;
    }),
  );
  const weights = used.map(() => new Float64Array(index.size));
  const bias = used.map(() => 0);
  for (let epoch = 0; epoch < EPOCHS; epoch += 1) {
    ordered.forEach((reply, n) => {
      const row = rows[n]!;
      const target = used.indexOf(reply.label);
      const probabilities = softmax(
        used.map((_, k) => row.reduce((sum, i) => sum + weights[k]![i]!, bias[k]!)),
      );
      probabilities.forEach((p, k) => {
        const gradient = p - (k === target ? 1 : 0);
        bias[k]! -= LEARNING_RATE * gradient;
        const w = weights[k]!;
        for (const i of row) w[i]! -= LEARNING_RATE * (gradient + L2 * w[i]!);
      });
    });
  }
  // `|| 0`: no -0 (JSON writes it as 0, and the check of the model file compares the two).
  const round = (n: number) => Math.round(n * 1e4) / 1e4 || 0;
  const out: Record<string, number[]> = {};
  for (const [feature, i] of [...index.entries()].sort(([a], [b]) => (a < b ? -1 : 1)))
    out[feature] = weights.map((w) => round(w[i]!));
  return { corpusSha256: corpusHash, labels: used, bias: bias.map(round), weights: out };
}

/**
 * The labels of the model with their probabilities for a text, most probable first. A text with no known feature
 * gets the biases' probabilities.
 */
export function predict(
  model: ReplyModel,
  text: string,
): { label: ReplyLabel; probability: number }[] {
  const scores = [...model.bias];
  for (const feature of features(text)) {
    const row = model.weights[feature];
    if (!row) continue;
    for (let i = 0; i < scores.length; i += 1) scores[i]! += row[i]!;
  }
  const probabilities = softmax(scores);
  return model.labels
    .map((label, i) => ({ label, probability: probabilities[i]! }))
    .sort((a, b) => b.probability - a.probability);
}
