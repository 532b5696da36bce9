// Writes the tiny random-weight llama GGUF used by the tests (0.5 MB), for the benchmark or a manual try:
//   npx tsx scripts/make-tiny-model.ts /tmp/tiny.gguf
// Its replies are noise; it exercises the local model's mechanics, never its writing.
import { writeTinyModel } from '../tests/support/tiny-gguf';

const file = process.argv[2];
if (!file) {
  console.error('usage: npx tsx scripts/make-tiny-model.ts <file.gguf>');
  process.exit(1);
}
console.log(await writeTinyModel(file));
