/**
 * Prints the reply classifier's precision, recall and F1 per label on the held-out part of the corpus, and the
 * macro-F1 of the intents: `pnpm --filter @prospecta/api eval:replies`. Exits with 1 when a target is missed
 * (precision ≥ 0.95 for auto_reply and unsubscribe, macro-F1 ≥ 0.85 for the intents).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCorpus } from '../src/replies/model';
import { evaluate } from '../src/replies/evaluate';

const dir = join(dirname(fileURLToPath(import.meta.url)), '../src/replies');
const corpus = parseCorpus(readFileSync(join(dir, 'corpus/replies.jsonl'), 'utf8'));
const result = evaluate(corpus);
const f = (n: number) => n.toFixed(3);
console.log(`Held-out replies: ${result.total} of ${corpus.length}\n`);
console.log('label              support  predicted  precision  recall  F1');
for (const s of result.scores)
  console.log(
    `${s.label.padEnd(18)} ${String(s.support).padStart(7)}  ${String(s.predicted).padStart(9)}  ${f(s.precision).padStart(9)}  ${f(s.recall).padStart(6)}  ${f(s.f1)}`,
  );
console.log(`\nAccuracy: ${f(result.accuracy)}`);
console.log(`Macro-F1 of the intents: ${f(result.intentsMacroF1)}`);
console.log(`Referral addresses found: ${result.referrals.found} of ${result.referrals.expected}`);
if (result.errors.length) {
  console.log('\nMisclassified:');
  for (const e of result.errors) console.log(`  ${e.id}: ${e.expected} → ${e.got}`);
}
const precision = (label: string) => result.scores.find((s) => s.label === label)?.precision ?? 0;
const missed = [
  precision('auto_reply') < 0.95 && 'auto_reply precision < 0.95',
  precision('unsubscribe') < 0.95 && 'unsubscribe precision < 0.95',
  result.intentsMacroF1 < 0.85 && 'intents macro-F1 < 0.85',
].filter(Boolean);
if (missed.length) {
  console.log(`\nTargets missed: ${missed.join(', ')}`);
  process.exitCode = 1;
} else console.log('\nTargets met.');
