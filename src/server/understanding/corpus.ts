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

/** `plain`: short ordinary first messages of an evening, split like the everyday ones (corpus/safety/plain). */
export type CorpusSet = 'train' | 'tune' | 'blind' | 'plain';

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

type Raw = Record<string, unknown> & { text?: unknown; lang?: unknown; context?: unknown };

/**
 * Every record of one corpus folder, files in name order, lines in file order. `take` checks a parsed line and
 * returns what it needs of it, or a description of what is missing; a malformed line stops with its place.
 */
function readJsonLines<T>(folder: string, root: string, needs: string, take: (raw: Raw, base: CorpusBase) => T | null): T[] {
  const dir = path.join(root, 'corpus', folder);
  if (!existsSync(dir)) return [];
  const records: T[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.jsonl')).sort()) {
    readFileSync(path.join(dir, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (!line.trim()) return;
        let raw: Raw;
        try {
          raw = JSON.parse(line) as Raw;
        } catch {
          throw new Error(`corpus/${folder}/${file}:${i + 1}: not JSON`);
        }
        const record = typeof raw.text === 'string' && raw.text.trim() && (raw.lang === 'en' || raw.lang === 'fr') ? take(raw, baseOf(raw, file)) : null;
        if (!record) throw new Error(`corpus/${folder}/${file}:${i + 1}: needs ${needs}`);
        records.push(record);
      });
  }
  return records;
}

interface CorpusBase {
  text: string;
  lang: 'en' | 'fr';
  context?: CorpusTurn[];
  source: string;
}

function baseOf(raw: Raw, file: string): CorpusBase {
  const context = Array.isArray(raw.context)
    ? (raw.context as unknown[]).filter((turn): turn is CorpusTurn => {
        const t = turn as Partial<CorpusTurn> | null;
        return !!t && (t.role === 'user' || t.role === 'assistant') && typeof t.content === 'string';
      })
    : undefined;
  return { text: raw.text as string, lang: raw.lang as 'en' | 'fr', ...(context?.length ? { context } : {}), source: file };
}

/** Every record of one crisis set (corpus/safety/<set>). */
export function readSafetyCorpus(set: CorpusSet, root = projectRoot()): SafetyRecord[] {
  return readJsonLines(`safety/${set}`, root, 'text, lang (en|fr), label (none|concern|crisis) and kind', (raw, base) =>
    LEVELS.includes(raw.label as string) && typeof raw.kind === 'string' ? { ...base, label: raw.label as SafetyRecord['label'], kind: raw.kind } : null,
  );
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

/** The everyday corpus (corpus/everyday/<set>). */
export function readEverydayCorpus(set: CorpusSet, root = projectRoot()): EverydayRecord[] {
  return readJsonLines(`everyday/${set}`, root, 'text, lang (en|fr), intent and mood', (raw, base) =>
    typeof raw.intent === 'string' && typeof raw.mood === 'string' ? { ...base, intent: raw.intent, mood: raw.mood } : null,
  );
}

/** One turn of a written day: the person's message and what they wanted from the companion. */
export interface DayTurn {
  text: string;
  intent: string;
}

/** A whole day told to the companion (corpus/mood/<set>): its main mood, a second one, the things named. */
export interface DayRecord {
  id: string;
  lang: 'en' | 'fr';
  mood: string;
  also: string | null;
  things: string[];
  turns: DayTurn[];
  source: string;
}

/**
 * The mood blind days come from two rounds of writers. The first (mb1, mb2) has been read at every kept change
 * since it was written; the second (mb3, mb4) was written later by new writers and is the fairer measure.
 */
export const isSecondMoodBlind = (day: Pick<DayRecord, 'source'>) => /^mb[34]\b/.test(day.source);

/** The days corpus (corpus/mood/<set>), one conversation per line. */
export function readDayCorpus(set: CorpusSet, root = projectRoot()): DayRecord[] {
  const dir = path.join(root, 'corpus', 'mood', set);
  if (!existsSync(dir)) return [];
  const records: DayRecord[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.jsonl')).sort()) {
    readFileSync(path.join(dir, file), 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (!line.trim()) return;
        const where = `corpus/mood/${set}/${file}:${i + 1}`;
        let raw: Partial<DayRecord> & { turns?: unknown };
        try {
          raw = JSON.parse(line) as typeof raw;
        } catch {
          throw new Error(`${where}: not JSON`);
        }
        const turns = Array.isArray(raw.turns) ? (raw.turns as Partial<DayTurn>[]).filter((t) => typeof t?.text === 'string' && t.text.trim() && typeof t.intent === 'string') : [];
        if ((raw.lang !== 'en' && raw.lang !== 'fr') || typeof raw.mood !== 'string' || !turns.length || turns.length !== (raw.turns as unknown[]).length) {
          throw new Error(`${where}: needs lang (en|fr), mood and turns of text and intent`);
        }
        records.push({
          id: typeof raw.id === 'string' ? raw.id : `${file}:${i + 1}`,
          lang: raw.lang,
          mood: raw.mood,
          also: typeof raw.also === 'string' ? raw.also : null,
          things: Array.isArray(raw.things) ? raw.things.filter((t): t is string => typeof t === 'string') : [],
          turns: turns as DayTurn[],
          source: file,
        });
      });
  }
  return records;
}
