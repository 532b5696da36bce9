// A multinomial logistic regression over hashed sparse features: the learned part of the understanding
// pipeline. Training is deterministic (a seeded shuffle, a fixed order of updates, IEEE arithmetic), so the
// same corpus gives the same file on every machine. The file keeps the weights as 8-bit integers with one
// scale per class: a few hundred KB, read in a few milliseconds, and what is measured is what ships.
import type { SparseVector } from './features';
import { createRandom } from './seeded-random';

export interface LinearModel<Label extends string = string> {
  labels: readonly Label[];
  bits: number;
  /** labels.length × 2^bits, class-major. */
  weights: Float32Array;
  bias: Float32Array;
  /** Anything the model's user needs beside the weights: thresholds, a lexicon, how it was trained. */
  meta: Record<string, unknown>;
}

export interface TrainOptions {
  bits: number;
  epochs: number;
  learningRate: number;
  l2: number;
  seed: number;
  /** Weight of each label's examples in the loss (to balance rare labels). */
  labelWeights?: Record<string, number>;
}

export interface TrainingExample<Label extends string> {
  features: SparseVector;
  label: Label;
  /** Extra weight of this example in the loss (1 by default). */
  weight?: number;
}

function softmaxInto(logits: Float64Array, out: Float64Array) {
  let max = -Infinity;
  for (const z of logits) max = Math.max(max, z);
  let sum = 0;
  for (let k = 0; k < logits.length; k++) sum += out[k] = Math.exp(logits[k]! - max);
  for (let k = 0; k < logits.length; k++) out[k]! /= sum;
}

/** Trains with AdaGrad and L2 on the features an example touches; examples in a seeded order each epoch. */
export function train<Label extends string>(labels: readonly Label[], examples: readonly TrainingExample<Label>[], options: TrainOptions): LinearModel<Label> {
  const size = 1 << options.bits;
  const K = labels.length;
  const weights = new Float64Array(K * size);
  const squares = new Float64Array(K * size);
  const bias = new Float64Array(K);
  const biasSquares = new Float64Array(K);
  const logits = new Float64Array(K);
  const probs = new Float64Array(K);
  const random = createRandom(options.seed);
  const order = examples.map((_, i) => i);
  const labelIndex = new Map(labels.map((label, i) => [label, i]));
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const e of order) {
      const example = examples[e]!;
      const { index, value } = example.features;
      const y = labelIndex.get(example.label)!;
      const weight = (example.weight ?? 1) * (options.labelWeights?.[example.label] ?? 1);
      for (let k = 0; k < K; k++) {
        let z = bias[k]!;
        const base = k * size;
        for (let n = 0; n < index.length; n++) z += weights[base + index[n]!]! * value[n]!;
        logits[k] = z;
      }
      softmaxInto(logits, probs);
      for (let k = 0; k < K; k++) {
        const g = (probs[k]! - (k === y ? 1 : 0)) * weight;
        const base = k * size;
        for (let n = 0; n < index.length; n++) {
          const at = base + index[n]!;
          const grad = g * value[n]! + options.l2 * weights[at]!;
          squares[at]! += grad * grad;
          weights[at]! -= (options.learningRate * grad) / (Math.sqrt(squares[at]!) + 1e-8);
        }
        biasSquares[k]! += g * g;
        bias[k]! -= (options.learningRate * g) / (Math.sqrt(biasSquares[k]!) + 1e-8);
      }
    }
  }
  return { labels, bits: options.bits, weights: Float32Array.from(weights), bias: Float32Array.from(bias), meta: {} };
}

/** The probability of each label for one example. */
export function predict<Label extends string>(model: LinearModel<Label>, features: SparseVector): Record<Label, number> {
  const size = 1 << model.bits;
  const K = model.labels.length;
  const logits = new Float64Array(K);
  const probs = new Float64Array(K);
  for (let k = 0; k < K; k++) {
    let z = model.bias[k]!;
    const base = k * size;
    for (let n = 0; n < features.index.length; n++) z += model.weights[base + features.index[n]!]! * features.value[n]!;
    logits[k] = z;
  }
  softmaxInto(logits, probs);
  const out = {} as Record<Label, number>;
  model.labels.forEach((label, k) => (out[label] = probs[k]!));
  return out;
}

// ─── The file ─────────────────────────────────────────────────────────────────────────────────────────────
// "SVLM", a version byte, a 4-byte header length, the header (JSON: labels, bits, bias, scales, meta), then
// one signed byte per weight. Weights are rounded to 255 steps per class: the loss of precision is measured
// by evaluating the file itself, never the floats before it.

const MAGIC = 'SVLM';

export function serialise(model: LinearModel): Buffer {
  const size = 1 << model.bits;
  const K = model.labels.length;
  const scales: number[] = [];
  const quantised = new Int8Array(K * size);
  for (let k = 0; k < K; k++) {
    let max = 0;
    for (let i = 0; i < size; i++) max = Math.max(max, Math.abs(model.weights[k * size + i]!));
    const scale = max / 127 || 1;
    scales.push(scale);
    for (let i = 0; i < size; i++) quantised[k * size + i] = Math.round(model.weights[k * size + i]! / scale);
  }
  const header = Buffer.from(JSON.stringify({ labels: model.labels, bits: model.bits, bias: [...model.bias], scales, meta: model.meta }), 'utf8');
  const prefix = Buffer.alloc(9);
  prefix.write(MAGIC, 0, 'ascii');
  prefix.writeUInt8(1, 4);
  prefix.writeUInt32LE(header.length, 5);
  return Buffer.concat([prefix, header, Buffer.from(quantised.buffer)]);
}

export function deserialise<Label extends string>(file: Buffer): LinearModel<Label> {
  if (file.toString('ascii', 0, 4) !== MAGIC || file.readUInt8(4) !== 1) throw new Error('Not a model file of this version');
  const headerLength = file.readUInt32LE(5);
  const header = JSON.parse(file.toString('utf8', 9, 9 + headerLength)) as { labels: Label[]; bits: number; bias: number[]; scales: number[]; meta: Record<string, unknown> };
  const size = 1 << header.bits;
  const K = header.labels.length;
  const start = 9 + headerLength;
  if (file.length !== start + K * size) throw new Error('The model file is truncated');
  const weights = new Float32Array(K * size);
  for (let k = 0; k < K; k++) {
    const scale = header.scales[k]!;
    for (let i = 0; i < size; i++) weights[k * size + i] = file.readInt8(start + k * size + i) * scale;
  }
  return { labels: header.labels, bits: header.bits, weights, bias: Float32Array.from(header.bias), meta: header.meta };
}
