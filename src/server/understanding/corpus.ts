// The labelled corpora the learned models are trained, tuned and judged on (corpus/ at the project's root).
// Three sets that never mix: `train` (the model learns from it), `tune` (thresholds and model choices are made
// on it), `blind` (written by writers who saw neither the rules, the model nor the other sets; read once per
// change, never trained or tuned on). Each is a folder of JSON Lines files, one file per writer.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SafetyLevel } from '@shared/safety';

export interface CorpusTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface SafetyRecord {
  text: string;
  lang: 'en' | 'fr';
  label: SafetyLevel;
  kind: string;
  context?: CorpusTurn[];
  /** The file it came from (its writer). */
  source: string;
}

export type CorpusSet = 'train' | 'tune' | 'blind';

/** The project's root: the folder with package.json above this file, from the source or the bundled server. */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project root (package.json)');
    dir = parent;
  }
}

const LEVELS: readonly string[] = ['none', 'concern', 'crisis'];

/** Every record of one set, files in name order, lines in file order; a malformed line stops with its place. */
export function readSafetyCorpus(set: CorpusSet, root = projectRoot()): SafetyRecord[] {
  const dir = path.join(root, 'corpus', 'safety', set);
  if (!existsSync(dir)) return [];
  const records: SafetyRecord[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.jsonl')).sort()) {
    const lines = readFileSync(path.join(dir, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (!line.trim()) return;
      let record: Partial<SafetyRecord>;
      try {
        record = JSON.parse(line) as Partial<SafetyRecord>;
      } catch {
        throw new Error(`corpus/safety/${set}/${file}:${i + 1}: not JSON`);
      }
      if (typeof record.text !== 'string' || !record.text.trim() || (record.lang !== 'en' && record.lang !== 'fr') || !LEVELS.includes(record.label as string) || typeof record.kind !== 'string')
        throw new Error(`corpus/safety/${set}/${file}:${i + 1}: needs text, lang (en|fr), label (none|concern|crisis) and kind`);
      const context = Array.isArray(record.context)
        ? record.context.filter((turn): turn is CorpusTurn => !!turn && (turn.role === 'user' || turn.role === 'assistant') && typeof turn.content === 'string')
        : undefined;
      records.push({ text: record.text, lang: record.lang, label: record.label!, kind: record.kind, ...(context?.length ? { context } : {}), source: file });
    });
  }
  return records;
}

/** An everyday message to the companion: never a crisis; labelled with what it does and the day's mood. */
export interface EverydayRecord {
  text: string;
  lang: 'en' | 'fr';
  intent: string;
  mood: string;
  context?: CorpusTurn[];
  source: string;
}

/** The everyday corpus (corpus/everyday/<set>), read like the crisis corpus. */
export function readEverydayCorpus(set: CorpusSet, root = projectRoot()): EverydayRecord[] {
  const dir = path.join(root, 'corpus', 'everyday', set);
  if (!existsSync(dir)) return [];
  const records: EverydayRecord[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.jsonl')).sort()) {
    readFileSync(path.join(dir, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (!line.trim()) return;
        let record: Partial<EverydayRecord>;
        try {
          record = JSON.parse(line) as Partial<EverydayRecord>;
        } catch {
          throw new Error(`corpus/everyday/${set}/${file}:${i + 1}: not JSON`);
        }
        if (typeof record.text !== 'string' || !record.text.trim() || (record.lang !== 'en' && record.lang !== 'fr') || typeof record.intent !== 'string' || typeof record.mood !== 'string')
          throw new Error(`corpus/everyday/${set}/${file}:${i + 1}: needs text, lang (en|fr), intent and mood`);
        const context = Array.isArray(record.context)
          ? record.context.filter((turn): turn is CorpusTurn => !!turn && (turn.role === 'user' || turn.role === 'assistant') && typeof turn.content === 'string')
          : undefined;
        records.push({ text: record.text, lang: record.lang, intent: record.intent, mood: record.mood, ...(context?.length ? { context } : {}), source: file });
      });
  }
  return records;
}
