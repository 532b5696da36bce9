// `npm run train:mood`: trains the mood and intent heads from corpus/everyday/train and corpus/mood/train
// (one in five kept for tuning), and writes src/server/understanding/models/mood.bin and intent.bin.
// Deterministic: the same corpus gives the same files on every machine. The blind set is never read here.
// See docs/understanding.md.
import { writeFileSync } from 'node:fs';
import { understandingModelPaths } from '../src/server/understanding/mood-model';
import { buildUnderstandingModels } from '../src/server/understanding/mood-training';

const started = performance.now();
const { mood, intent, report } = buildUnderstandingModels();
const paths = understandingModelPaths();
writeFileSync(paths.mood, mood);
writeFileSync(paths.intent, intent);
console.log(report.join('\n'));
console.log(`wrote ${paths.mood} (${(mood.length / 1024).toFixed(0)} KB) and ${paths.intent} (${(intent.length / 1024).toFixed(0)} KB) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
