/**
 * Trains the reply classifier's statistical model on the training part of the corpus
 * (src/replies/corpus/replies.jsonl, the groups not held out; the intents of human replies only: the automatic
 * answers, bounces and unsubscribe requests are the rules' part) and writes src/replies/reply-model.json. Run it after
 * changing the corpus or the features: `pnpm --filter @prospecta/api train:replies` (a test fails until then).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPLY_INTENTS } from '@prospecta/domain';
import { corpusSha256, isHeldOut, parseCorpus, train } from '../src/replies/model';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../src/replies');
const started = performance.now();
const text = readFileSync(join(dir, 'corpus/replies.jsonl'), 'utf8');
const corpus = parseCorpus(text);
const training = corpus.filter(
  (r) => !isHeldOut(r) && (REPLY_INTENTS as readonly string[]).includes(r.label),
);
const model = train(training, REPLY_INTENTS, corpusSha256(text));
writeFileSync(join(dir, 'reply-model.json'), `${JSON.stringify(model)}\n`);
console.log(
  `Trained on ${training.length} of ${corpus.length} replies (${Object.keys(model.weights).length} features) in ${Math.round(performance.now() - started)} ms.`,
);
