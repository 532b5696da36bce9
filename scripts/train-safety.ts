// `npm run train:safety`: trains the learned crisis head from corpus/safety/train (and the rules' own labelled
// examples), chooses its thresholds on corpus/safety/tune, and writes src/server/understanding/models/safety.bin.
// Deterministic: the same corpus gives the same file, byte for byte, on every machine. The blind set is never
// read here. See docs/safety-assessor.md.
import { writeFileSync } from 'node:fs';
import { buildSafetyModel } from '../src/server/understanding/safety-training';
import { safetyModelPath } from '../src/server/understanding/safety-model';

const started = performance.now();
const { file, report } = buildSafetyModel();
writeFileSync(safetyModelPath(), file);
console.log(report.join('\n'));
console.log(`wrote ${safetyModelPath()} (${(file.length / 1024).toFixed(0)} KB) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
