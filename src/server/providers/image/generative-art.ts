import sharp from 'sharp';
import { createRandom } from '../../understanding/seeded-random';
import { readMood, seedOf } from '../mood/analyse';
import { MOOD_STYLE, MOTIFS, OPEN_MOTIFS, type Mood, type Motif } from '../mood/lexicon';

// The offline artwork: an original composition drawn as SVG and rendered to PNG with sharp.
// Its palette and movement follow the mood of the prompt, its motifs follow the themes, and every
// choice comes from a generator seeded by the prompt: the same day gives the same picture.

type Random = () => number;

const S = 1024;
const f = (n: number) => n.toFixed(1);
const between = (rand: Random, min: number, max: number) => min + rand() * (max - min);
const pick = <T,>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

/** A smooth closed shape through points around a centre (Catmull-Rom turned into cubic Béziers). */
function blobPath(rand: Random, cx: number, cy: number, radius: number, points = 8, wobble = 0.35): string {
  const pts = Array.from({ length: points }, (_, i) => {
    const angle = (i / points) * Math.PI * 2 + between(rand, -0.2, 0.2);
    const r = radius * (1 - wobble / 2 + rand() * wobble);
    return [cx + Math.cos(angle) * r, cy + Math.sin(angle) * r] as const;
  });
  return smoothPath(pts, true);
}

function smoothPath(pts: ReadonlyArray<readonly [number, number]>, closed: boolean): string {
  const at = (i: number) => (closed ? pts[(i + pts.length) % pts.length]! : pts[Math.max(0, Math.min(pts.length - 1, i))]!);
  let d = `M${f(pts[0]![0])},${f(pts[0]![1])}`;
  const last = closed ? pts.length : pts.length - 1;
  for (let i = 0; i < last; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1 = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2 = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${f(c1[0]!)},${f(c1[1]!)} ${f(c2[0]!)},${f(c2[1]!)} ${f(p2[0])},${f(p2[1])}`;
  }
  return closed ? `${d} Z` : d;
}

/** A wavy line across the canvas at height y. */
function wavePoints(rand: Random, y: number, amplitude: number, steps = 7): Array<[number, number]> {
  const phase = rand() * Math.PI * 2;
  const cycles = between(rand, 0.8, 2.2);
  return Array.from({ length: steps + 1 }, (_, i) => {
    const x = -60 + ((S + 120) * i) / steps;
    return [x, y + Math.sin(phase + (i / steps) * cycles * Math.PI * 2) * amplitude] as [number, number];
  });
}

interface Canvas {
  rand: Random;
  palette: string[];
  accent: string[];
  /** Soft, blurred shapes: drawn at low resolution and scaled up (blur is costly at full size). */
  soft: string[];
  /** Crisp shapes, drawn at full resolution over the soft layer. */
  crisp: string[];
}

function movement(mood: Mood, c: Canvas): void {
  const { rand, palette, accent } = c;
  const colour = () => pick(rand, [...palette.slice(1), ...accent]);
  const out = c.crisp;
  switch (mood) {
    case 'calm': {
      const bands = 4 + Math.floor(rand() * 3);
      for (let i = 0; i < bands; i++) {
        const y = ((i + 0.6) / bands) * S + between(rand, -30, 30);
        const top = wavePoints(rand, y, between(rand, 6, 22));
        const bottom = top.map(([x, yy]) => [x, yy + between(rand, 40, 110)] as [number, number]).reverse();
        c.soft.push(`<path d="${smoothPath([...top, ...bottom], true)}" fill="${colour()}" opacity="${f(between(rand, 0.25, 0.5))}"/>`);
      }
      break;
    }
    case 'joyful': {
      const dots = 26 + Math.floor(rand() * 20);
      for (let i = 0; i < dots; i++) {
        const r = Math.pow(rand(), 2.2) * 70 + 6;
        out.push(`<circle cx="${f(rand() * S)}" cy="${f(rand() * S)}" r="${f(r)}" fill="${colour()}" opacity="${f(between(rand, 0.55, 0.9))}"/>`);
      }
      for (let i = 0; i < 5; i++) {
        out.push(`<circle cx="${f(rand() * S)}" cy="${f(rand() * S)}" r="${f(between(rand, 30, 90))}" fill="none" stroke="${colour()}" stroke-width="${f(between(rand, 4, 10))}" opacity="0.8"/>`);
      }
      break;
    }
    case 'tender': {
      const cx = between(rand, 0.3, 0.7) * S;
      const cy = between(rand, 0.35, 0.65) * S;
      const rings = 7 + Math.floor(rand() * 5);
      for (let i = rings; i > 0; i--) {
        out.push(`<path d="${blobPath(rand, cx, cy, i * 48, 9, 0.12)}" fill="none" stroke="${colour()}" stroke-width="${f(between(rand, 6, 18))}" opacity="${f(between(rand, 0.35, 0.7))}"/>`);
      }
      c.soft.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="60" fill="${palette[3]}" opacity="0.8"/>`);
      break;
    }
    case 'hopeful': {
      const cx = between(rand, 0.3, 0.7) * S;
      const cy = S * 0.78;
      const rays = 12 + Math.floor(rand() * 6);
      for (let i = 0; i < rays; i++) {
        const a = Math.PI + (i + 0.5) * (Math.PI / rays) + between(rand, -0.04, 0.04);
        const spread = 0.035;
        const len = between(rand, 0.7, 1.1) * S;
        const p1 = [cx + Math.cos(a - spread) * len, cy + Math.sin(a - spread) * len];
        const p2 = [cx + Math.cos(a + spread) * len, cy + Math.sin(a + spread) * len];
        out.push(`<path d="M${f(cx)},${f(cy)} L${f(p1[0]!)},${f(p1[1]!)} L${f(p2[0]!)},${f(p2[1]!)} Z" fill="${colour()}" opacity="${f(between(rand, 0.2, 0.45))}"/>`);
      }
      out.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(between(rand, 110, 170))}" fill="url(#glow)"/>`);
      break;
    }
    case 'melancholy': {
      const lines = 40 + Math.floor(rand() * 30);
      for (let i = 0; i < lines; i++) {
        const x = rand() * S;
        const y = rand() * S * 0.8;
        const len = between(rand, 60, 260);
        out.push(`<line x1="${f(x)}" y1="${f(y)}" x2="${f(x)}" y2="${f(y + len)}" stroke="${colour()}" stroke-width="${f(between(rand, 1.5, 5))}" stroke-linecap="round" opacity="${f(between(rand, 0.25, 0.6))}"/>`);
      }
      break;
    }
    case 'anxious': {
      const strokes = 7 + Math.floor(rand() * 5);
      for (let i = 0; i < strokes; i++) {
        const y0 = rand() * S;
        const pts: string[] = [];
        for (let x = -40, up = rand() > 0.5; x < S + 40; x += between(rand, 30, 70), up = !up) {
          pts.push(`${f(x)},${f(y0 + (up ? -1 : 1) * between(rand, 15, 60) + (x / S) * between(rand, -200, 200))}`);
        }
        out.push(`<polyline points="${pts.join(' ')}" fill="none" stroke="${colour()}" stroke-width="${f(between(rand, 2, 6))}" stroke-linejoin="round" opacity="${f(between(rand, 0.45, 0.8))}"/>`);
      }
      break;
    }
    case 'angry': {
      const shards = 14 + Math.floor(rand() * 10);
      for (let i = 0; i < shards; i++) {
        const x = rand() * S;
        const y = rand() * S;
        const len = between(rand, 120, 420);
        const a = between(rand, -0.9, -0.5);
        const w = between(rand, 8, 40);
        const p = [x + Math.cos(a) * len, y + Math.sin(a) * len];
        out.push(`<path d="M${f(x)},${f(y)} L${f(p[0]!)},${f(p[1]!)} L${f(p[0]! + w)},${f(p[1]! + w)} Z" fill="${colour()}" opacity="${f(between(rand, 0.5, 0.85))}"/>`);
      }
      break;
    }
    case 'tired': {
      c.soft.push(`<circle cx="${f(between(rand, 0.25, 0.75) * S)}" cy="${f(S * 0.58)}" r="${f(between(rand, 120, 190))}" fill="${palette[1]}" opacity="0.9"/>`);
      for (let i = 0; i < 4; i++) {
        const y = S * (0.6 + i * 0.1);
        const top = wavePoints(rand, y, between(rand, 10, 35), 5);
        out.push(`<path d="${smoothPath([...top, [S + 60, S + 60], [-60, S + 60]], false)} Z" fill="${palette[Math.min(4, 2 + Math.floor(i / 2))]}" opacity="${f(0.45 + i * 0.12)}"/>`);
      }
      break;
    }
  }
}

function motif(kind: Motif, c: Canvas): void {
  const { rand, palette, accent } = c;
  const ink = () => pick(rand, [palette[3]!, palette[4]!, ...accent]);
  const out = c.crisp;
  switch (kind) {
    case 'waves':
      for (let i = 0; i < 5; i++) {
        const pts = wavePoints(rand, S * (0.62 + i * 0.075), between(rand, 10, 24), 9);
        out.push(`<path d="${smoothPath(pts, false)}" fill="none" stroke="${ink()}" stroke-width="${f(between(rand, 3, 8))}" stroke-linecap="round" opacity="${f(between(rand, 0.5, 0.85))}"/>`);
      }
      break;
    case 'leaves': {
      const count = 9 + Math.floor(rand() * 7);
      for (let i = 0; i < count; i++) {
        const x = rand() * S;
        const y = between(rand, 0.15, 0.95) * S;
        const len = between(rand, 50, 120);
        const rot = between(rand, 0, 360);
        out.push(
          `<path transform="translate(${f(x)} ${f(y)}) rotate(${f(rot)})" d="M0,0 Q${f(len / 2)},${f(-len / 3)} ${f(len)},0 Q${f(len / 2)},${f(len / 3)} 0,0 Z" fill="${ink()}" opacity="${f(between(rand, 0.55, 0.85))}"/>`,
        );
      }
      break;
    }
    case 'stars': {
      const count = 40 + Math.floor(rand() * 40);
      for (let i = 0; i < count; i++) {
        out.push(`<circle cx="${f(rand() * S)}" cy="${f(rand() * S * 0.6)}" r="${f(Math.pow(rand(), 3) * 4 + 1)}" fill="${palette[0]}" opacity="${f(between(rand, 0.5, 1))}"/>`);
      }
      const mx = between(rand, 0.15, 0.85) * S;
      const my = between(rand, 0.12, 0.3) * S;
      out.push(`<circle cx="${f(mx)}" cy="${f(my)}" r="54" fill="${palette[0]}" opacity="0.92"/>`);
      break;
    }
    case 'rain':
      for (let i = 0; i < 90; i++) {
        const x = rand() * (S + 200) - 100;
        const y = rand() * S;
        out.push(`<line x1="${f(x)}" y1="${f(y)}" x2="${f(x - 14)}" y2="${f(y + 34)}" stroke="${ink()}" stroke-width="2" stroke-linecap="round" opacity="${f(between(rand, 0.25, 0.55))}"/>`);
      }
      break;
    case 'mountains':
      for (let layer = 0; layer < 3; layer++) {
        const base = S * (0.55 + layer * 0.12);
        const pts: string[] = [`-20,${S + 20}`];
        for (let x = -20; x <= S + 20; x += between(rand, 90, 200)) pts.push(`${f(x)},${f(base - between(rand, 40, 220) / (layer + 1))}`);
        pts.push(`${S + 20},${S + 20}`);
        out.push(`<polygon points="${pts.join(' ')}" fill="${palette[Math.min(4, 2 + layer)]}" opacity="${f(0.55 + layer * 0.15)}"/>`);
      }
      break;
    case 'sun':
      out.push(`<circle cx="${f(between(rand, 0.2, 0.8) * S)}" cy="${f(between(rand, 0.18, 0.4) * S)}" r="${f(between(rand, 80, 130))}" fill="url(#glow)"/>`);
      break;
    case 'city': {
      let x = -10;
      while (x < S) {
        const w = between(rand, 50, 120);
        const h = between(rand, 120, 380);
        const fill = ink();
        out.push(`<rect x="${f(x)}" y="${f(S - h)}" width="${f(w)}" height="${f(h)}" fill="${fill}" opacity="0.8"/>`);
        for (let wy = S - h + 20; wy < S - 20; wy += 34) {
          if (rand() > 0.55) out.push(`<rect x="${f(x + w / 2 - 6)}" y="${f(wy)}" width="12" height="16" fill="${palette[0]}" opacity="0.8"/>`);
        }
        x += w + between(rand, 4, 18);
      }
      break;
    }
    case 'path': {
      const startX = between(rand, 0.35, 0.65) * S;
      const pts: Array<[number, number]> = [[startX, S + 30]];
      for (let i = 1; i <= 4; i++) pts.push([startX + between(rand, -220, 220), S - i * between(rand, 110, 150)]);
      const d = smoothPath(pts, false);
      out.push(`<path d="${d}" fill="none" stroke="${palette[0]}" stroke-width="34" stroke-linecap="round" opacity="0.8"/>`);
      out.push(`<path d="${d}" fill="none" stroke="${ink()}" stroke-width="6" stroke-dasharray="18 22" stroke-linecap="round" opacity="0.7"/>`);
      break;
    }
    case 'circles':
      for (let i = 0; i < 4; i++) {
        out.push(`<circle cx="${f(S / 2 + between(rand, -200, 200))}" cy="${f(S / 2 + between(rand, -160, 160))}" r="${f(between(rand, 120, 220))}" fill="none" stroke="${ink()}" stroke-width="${f(between(rand, 5, 12))}" opacity="0.7"/>`);
      }
      break;
    case 'music':
      for (let i = 0; i < 5; i++) {
        const pts = wavePoints(rand, S * 0.3 + i * 22, 70, 8);
        out.push(`<path d="${smoothPath(pts, false)}" fill="none" stroke="${ink()}" stroke-width="3" opacity="0.7"/>`);
      }
      for (let i = 0; i < 9; i++) {
        out.push(`<circle cx="${f(rand() * S)}" cy="${f(S * 0.3 + between(rand, -60, 150))}" r="${f(between(rand, 9, 16))}" fill="${ink()}" opacity="0.8"/>`);
      }
      break;
    case 'flowers': {
      // Sunflowers and their kin: stems from the ground, a ring of petals, a dark heart.
      const count = 3 + Math.floor(rand() * 3);
      for (let i = 0; i < count; i++) {
        const x = S * (0.15 + (0.7 * (i + between(rand, 0.2, 0.8))) / count);
        const y = between(rand, 0.35, 0.62) * S;
        const r = between(rand, 34, 58);
        out.push(`<path d="M${f(x)},${S + 10} Q${f(x + between(rand, -60, 60))},${f((y + S) / 2)} ${f(x)},${f(y)}" fill="none" stroke="${palette[4]}" stroke-width="7" opacity="0.75"/>`);
        const petal = pick(rand, [palette[1]!, ...accent, '#F2C14E']);
        for (let p = 0; p < 14; p++) {
          out.push(`<ellipse cx="${f(x)}" cy="${f(y - r)}" rx="${f(r * 0.28)}" ry="${f(r * 0.62)}" transform="rotate(${f((p * 360) / 14)} ${f(x)} ${f(y)})" fill="${petal}" opacity="0.9"/>`);
        }
        out.push(`<circle cx="${f(x)}" cy="${f(y)}" r="${f(r * 0.55)}" fill="${palette[4]}" opacity="0.9"/>`);
      }
      break;
    }
    case 'dog': {
      // A dog standing on the ground, seen from the side: body, head, ear, legs, a wagging tail.
      const x = between(rand, 0.25, 0.6) * S;
      const y = S * 0.78;
      const fill = ink();
      out.push(`<ellipse cx="${f(x)}" cy="${f(y)}" rx="130" ry="62" fill="${fill}" opacity="0.88"/>`);
      out.push(`<circle cx="${f(x + 150)}" cy="${f(y - 70)}" r="52" fill="${fill}" opacity="0.9"/>`);
      out.push(`<ellipse cx="${f(x + 196)}" cy="${f(y - 56)}" rx="34" ry="22" fill="${fill}" opacity="0.9"/>`);
      out.push(`<ellipse cx="${f(x + 128)}" cy="${f(y - 58)}" rx="18" ry="40" transform="rotate(18 ${f(x + 128)} ${f(y - 58)})" fill="${palette[4]}" opacity="0.85"/>`);
      for (const dx of [-95, -55, 55, 95]) out.push(`<rect x="${f(x + dx - 13)}" y="${f(y + 30)}" width="26" height="100" rx="12" fill="${fill}" opacity="0.88"/>`);
      out.push(`<path d="M${f(x - 125)},${f(y - 20)} Q${f(x - 200)},${f(y - 90)} ${f(x - 175)},${f(y - 150)}" fill="none" stroke="${fill}" stroke-width="18" stroke-linecap="round" opacity="0.88"/>`);
      break;
    }
    case 'cat': {
      // A cat sitting, seen from behind the window sill: body, head, two ears, a curled tail.
      const x = between(rand, 0.3, 0.7) * S;
      const y = S * 0.72;
      const fill = ink();
      out.push(`<ellipse cx="${f(x)}" cy="${f(y)}" rx="105" ry="135" fill="${fill}" opacity="0.9"/>`);
      out.push(`<circle cx="${f(x)}" cy="${f(y - 170)}" r="70" fill="${fill}" opacity="0.92"/>`);
      out.push(`<polygon points="${f(x - 62)},${f(y - 195)} ${f(x - 48)},${f(y - 275)} ${f(x - 10)},${f(y - 228)}" fill="${fill}" opacity="0.92"/>`);
      out.push(`<polygon points="${f(x + 62)},${f(y - 195)} ${f(x + 48)},${f(y - 275)} ${f(x + 10)},${f(y - 228)}" fill="${fill}" opacity="0.92"/>`);
      out.push(`<path d="M${f(x + 90)},${f(y + 100)} Q${f(x + 230)},${f(y + 120)} ${f(x + 200)},${f(y - 20)}" fill="none" stroke="${fill}" stroke-width="22" stroke-linecap="round" opacity="0.9"/>`);
      break;
    }
    case 'boat': {
      // A small sailing boat on a few lines of water.
      const x = between(rand, 0.3, 0.7) * S;
      const y = S * 0.7;
      out.push(`<path d="M${f(x - 170)},${f(y)} L${f(x + 170)},${f(y)} L${f(x + 120)},${f(y + 70)} L${f(x - 120)},${f(y + 70)} Z" fill="${palette[4]}" opacity="0.9"/>`);
      out.push(`<line x1="${f(x)}" y1="${f(y)}" x2="${f(x)}" y2="${f(y - 330)}" stroke="${palette[4]}" stroke-width="8"/>`);
      out.push(`<polygon points="${f(x + 10)},${f(y - 320)} ${f(x + 10)},${f(y - 30)} ${f(x + 190)},${f(y - 30)}" fill="${palette[0]}" opacity="0.92"/>`);
      out.push(`<polygon points="${f(x - 10)},${f(y - 260)} ${f(x - 10)},${f(y - 30)} ${f(x - 130)},${f(y - 30)}" fill="${ink()}" opacity="0.8"/>`);
      for (let i = 0; i < 3; i++) {
        const pts = wavePoints(rand, y + 95 + i * 45, between(rand, 6, 14), 9);
        out.push(`<path d="${smoothPath(pts, false)}" fill="none" stroke="${ink()}" stroke-width="5" stroke-linecap="round" opacity="0.6"/>`);
      }
      break;
    }
    case 'birds': {
      // Birds in flight: a loose flock of soft "v" shapes across the sky.
      const count = 5 + Math.floor(rand() * 6);
      for (let i = 0; i < count; i++) {
        const x = between(rand, 0.1, 0.9) * S;
        const y = between(rand, 0.12, 0.5) * S;
        const w = between(rand, 26, 60);
        out.push(`<path d="M${f(x - w)},${f(y - w * 0.3)} Q${f(x - w / 2)},${f(y - w * 0.55)} ${f(x)},${f(y)} Q${f(x + w / 2)},${f(y - w * 0.55)} ${f(x + w)},${f(y - w * 0.3)}" fill="none" stroke="${palette[4]}" stroke-width="${f(between(rand, 4, 7))}" stroke-linecap="round" opacity="0.8"/>`);
      }
      break;
    }
    case 'tree': {
      // One tree: a trunk and a crown of overlapping rounds.
      const x = between(rand, 0.3, 0.7) * S;
      out.push(`<path d="M${f(x - 28)},${S + 10} L${f(x - 16)},${f(S * 0.5)} L${f(x + 16)},${f(S * 0.5)} L${f(x + 28)},${S + 10} Z" fill="${palette[4]}" opacity="0.85"/>`);
      for (let i = 0; i < 6; i++) {
        out.push(`<path d="${blobPath(rand, x + between(rand, -150, 150), S * 0.42 + between(rand, -110, 60), between(rand, 90, 150))}" fill="${ink()}" opacity="${f(between(rand, 0.55, 0.8))}"/>`);
      }
      break;
    }
    case 'bridge': {
      // An arched bridge over a canal, its arches mirrored in the water.
      const deck = S * 0.55;
      const arches = 2 + Math.floor(rand() * 2);
      const span = S / arches;
      let d = `M-10,${f(deck)} L${S + 10},${f(deck)} L${S + 10},${f(deck + 200)}`;
      for (let i = arches - 1; i >= 0; i--) {
        const x0 = i * span + 40;
        const x1 = (i + 1) * span - 40;
        d += ` L${f(x1)},${f(deck + 200)} A${f((x1 - x0) / 2)},150 0 0 0 ${f(x0)},${f(deck + 200)}`;
      }
      d += ` L-10,${f(deck + 200)} Z`;
      out.push(`<path d="${d}" fill="${palette[4]}" opacity="0.85"/>`);
      for (let i = 0; i < 4; i++) {
        const pts = wavePoints(rand, deck + 240 + i * 40, 6, 10);
        out.push(`<path d="${smoothPath(pts, false)}" fill="none" stroke="${ink()}" stroke-width="4" opacity="0.5"/>`);
      }
      break;
    }
    case 'cup': {
      // A warm cup on the table, its steam rising.
      const x = between(rand, 0.35, 0.65) * S;
      const y = S * 0.62;
      const fill = ink();
      out.push(`<path d="M${f(x - 130)},${f(y)} L${f(x + 130)},${f(y)} L${f(x + 105)},${f(y + 210)} Q${f(x)},${f(y + 250)} ${f(x - 105)},${f(y + 210)} Z" fill="${fill}" opacity="0.9"/>`);
      out.push(`<path d="M${f(x + 122)},${f(y + 40)} q80,10 60,80 q-15,45 -78,50" fill="none" stroke="${fill}" stroke-width="22" opacity="0.9"/>`);
      out.push(`<ellipse cx="${f(x)}" cy="${f(y + 255)}" rx="210" ry="28" fill="${palette[4]}" opacity="0.5"/>`);
      for (let i = -1; i <= 1; i++) {
        const sx = x + i * 55;
        out.push(`<path d="M${f(sx)},${f(y - 30)} q-35,-60 0,-120 q35,-60 0,-120" fill="none" stroke="${palette[0]}" stroke-width="10" stroke-linecap="round" opacity="0.75"/>`);
      }
      break;
    }
    case 'bicycle': {
      // A bicycle: two wheels, the frame between them, a saddle and handlebars.
      const x = between(rand, 0.3, 0.55) * S;
      const y = S * 0.74;
      const stroke = palette[4];
      out.push(`<circle cx="${f(x)}" cy="${f(y)}" r="120" fill="none" stroke="${stroke}" stroke-width="14" opacity="0.9"/>`);
      out.push(`<circle cx="${f(x + 330)}" cy="${f(y)}" r="120" fill="none" stroke="${stroke}" stroke-width="14" opacity="0.9"/>`);
      const frame = `M${f(x)},${f(y)} L${f(x + 130)},${f(y - 150)} L${f(x + 280)},${f(y - 150)} L${f(x + 330)},${f(y)} M${f(x)},${f(y)} L${f(x + 160)},${f(y)} L${f(x + 130)},${f(y - 150)} M${f(x + 160)},${f(y)} L${f(x + 280)},${f(y - 150)} L${f(x + 265)},${f(y - 200)} L${f(x + 315)},${f(y - 210)} M${f(x + 105)},${f(y - 185)} L${f(x + 165)},${f(y - 185)}`;
      out.push(`<path d="${frame}" fill="none" stroke="${ink()}" stroke-width="13" stroke-linecap="round" stroke-linejoin="round" opacity="0.9"/>`);
      break;
    }
    case 'snow': {
      // Falling snow over a white ground.
      for (let i = 0; i < 110; i++) {
        out.push(`<circle cx="${f(rand() * S)}" cy="${f(rand() * S)}" r="${f(between(rand, 3, 9))}" fill="#FFFFFF" opacity="${f(between(rand, 0.55, 0.95))}"/>`);
      }
      const ground = wavePoints(rand, S * 0.82, 25, 6);
      out.push(`<path d="${smoothPath([...ground, [S + 60, S + 60], [-60, S + 60]], false)} Z" fill="#FFFFFF" opacity="0.85"/>`);
      break;
    }
    case 'window': {
      // A window with its cross of bars, light inside.
      const x = between(rand, 0.25, 0.55) * S;
      const y = between(rand, 0.18, 0.3) * S;
      const w = between(rand, 300, 420);
      const h = w * 1.25;
      out.push(`<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${palette[0]}" opacity="0.85"/>`);
      out.push(`<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="none" stroke="${palette[4]}" stroke-width="18" opacity="0.9"/>`);
      out.push(`<line x1="${f(x + w / 2)}" y1="${f(y)}" x2="${f(x + w / 2)}" y2="${f(y + h)}" stroke="${palette[4]}" stroke-width="12" opacity="0.9"/>`);
      out.push(`<line x1="${f(x)}" y1="${f(y + h / 2)}" x2="${f(x + w)}" y2="${f(y + h / 2)}" stroke="${palette[4]}" stroke-width="12" opacity="0.9"/>`);
      break;
    }
    case 'home': {
      const cx = between(rand, 0.3, 0.7) * S;
      const base = S * 0.9;
      for (let i = 3; i > 0; i--) {
        const w = 90 * i;
        const h = 150 * i;
        out.push(`<path d="M${f(cx - w / 2)},${f(base)} L${f(cx - w / 2)},${f(base - h + w / 2)} A${f(w / 2)},${f(w / 2)} 0 0 1 ${f(cx + w / 2)},${f(base - h + w / 2)} L${f(cx + w / 2)},${f(base)} Z" fill="${i === 1 ? palette[1] : ink()}" opacity="${f(0.45 + (3 - i) * 0.2)}"/>`);
      }
      break;
    }
  }
}

/** Low resolution of the soft layer: blurred washes lose nothing when drawn at a quarter size and scaled up. */
const SOFT_SIZE = 256;

/** How many of the person's latest artworks a new one is compared with: with it, ten in a row. */
export const RECENT_MOTIFS_SEEN = 9;
/** A motif drawn this many times among those is not the next one's main motif. */
const MOTIF_REPEATS_AT_MOST = 2;

/** The motifs drawn too often among the latest artworks (newest first; null for those an AI service drew). */
export function motifsDrawnTooOften(recent: readonly (string | null)[]): Motif[] {
  const counts = new Map<string, number>();
  for (const motif of recent.slice(0, RECENT_MOTIFS_SEEN)) if (motif) counts.set(motif, (counts.get(motif) ?? 0) + 1);
  return MOTIFS.filter((motif) => (counts.get(motif) ?? 0) >= MOTIF_REPEATS_AT_MOST);
}

/**
 * The artwork's main motif: the first form of the day's most named thing that was not drawn too often lately
 * (`avoid`), then of its other things; a day that names nothing, or whose things were all drawn lately, gets an
 * open form (never a thing the day did not name). Seeded by the prompt: the same day and history, the same motif.
 */
export function mainMotifOf(prompt: string, avoid: readonly Motif[] = []): Motif {
  const candidates = readMood(prompt).themes.flatMap((theme) => theme.motifs);
  const named = candidates.find((motif) => !avoid.includes(motif));
  if (named) return named;
  const open = OPEN_MOTIFS.filter((motif) => !avoid.includes(motif));
  return pick(createRandom(seedOf(`motif\n${prompt}`)), open.length ? open : OPEN_MOTIFS);
}

/**
 * The composition as two SVG layers: soft (washes, glows, paper texture) and crisp (movement and motifs). The main
 * motif is `main` when given (chosen with the person's recent artworks in view), else the prompt's own.
 */
export function composeArtwork(prompt: string, main: Motif = mainMotifOf(prompt)): { soft: string; crisp: string; grainSeed: number } {
  const rand = createRandom(seedOf(prompt));
  const reading = readMood(prompt);
  const palette = MOOD_STYLE[reading.primary].palette;
  const accent = reading.secondary ? MOOD_STYLE[reading.secondary].palette.slice(2, 4) : [];
  const canvas: Canvas = { rand, palette, accent, soft: [], crisp: [] };
  const angle = between(rand, 0, 360);
  // Beside the main motif, the day's second thing, if it named one.
  const second = reading.themes.flatMap((theme) => theme.motifs.slice(0, 1)).find((motif) => motif !== main);
  const motifs: Motif[] = second ? [second, main] : [main];

  const washes = Array.from({ length: 4 + Math.floor(rand() * 3) }, (_, i) => {
    const colour = i === 0 ? palette[2]! : pick(rand, [...palette.slice(1, 4), ...accent]);
    return `<path d="${blobPath(rand, between(rand, 0.1, 0.9) * S, between(rand, 0.1, 0.9) * S, between(rand, 200, 420))}" fill="${colour}" opacity="${f(between(rand, 0.35, 0.7))}"/>`;
  }).join('');
  movement(reading.primary, canvas);
  for (const m of motifs) motif(m, canvas);
  const grainSeed = Math.floor(rand() * 2 ** 32);

  // No SVG filters: sharp blurs the soft layer far faster than the SVG renderer would.
  const soft = `<svg xmlns="http://www.w3.org/2000/svg" width="${SOFT_SIZE}" height="${SOFT_SIZE}" viewBox="0 0 ${S} ${S}">
<defs><linearGradient id="bg" gradientTransform="rotate(${f(angle)} 0.5 0.5)"><stop offset="0" stop-color="${palette[0]}"/><stop offset="1" stop-color="${palette[1]}"/></linearGradient></defs>
<rect width="${S}" height="${S}" fill="url(#bg)"/>
${washes}
${canvas.soft.join('')}
</svg>`;

  const crisp = `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">
<defs>
<radialGradient id="glow"><stop offset="0" stop-color="${palette[0]}" stop-opacity="1"/><stop offset="0.45" stop-color="${palette[1]}" stop-opacity="0.85"/><stop offset="1" stop-color="${palette[2]}" stop-opacity="0"/></radialGradient>
<radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="${palette[4]}" stop-opacity="0"/><stop offset="1" stop-color="${palette[4]}" stop-opacity="0.35"/></radialGradient>
</defs>
${canvas.crisp.join('')}
<rect width="${S}" height="${S}" fill="url(#vignette)"/>
</svg>`;
  return { soft, crisp, grainSeed };
}

/** Paper grain: seeded grey noise, slightly softened, laid over the washes at low strength. */
function paperGrain(seed: number): Buffer {
  const rand = createRandom(seed);
  const pixels = Buffer.alloc(SOFT_SIZE * SOFT_SIZE * 4);
  for (let i = 0; i < SOFT_SIZE * SOFT_SIZE; i++) {
    const v = 110 + Math.floor(rand() * 60);
    pixels.writeUInt32BE(((v << 24) | (v << 16) | (v << 8) | 28) >>> 0, i * 4);
  }
  return pixels;
}

/** Renders the prompt's artwork as a 1024×1024 PNG, around `main` when given. */
export async function renderArtwork(prompt: string, main?: Motif): Promise<Buffer> {
  const { soft, crisp, grainSeed } = composeArtwork(prompt, main);
  const washed = await sharp(Buffer.from(soft))
    .blur(7)
    .composite([{ input: paperGrain(grainSeed), raw: { width: SOFT_SIZE, height: SOFT_SIZE, channels: 4 }, blend: 'soft-light' }])
    .toBuffer();
  const [background, foreground] = await Promise.all([
    sharp(washed).resize(S, S, { kernel: 'cubic' }).toBuffer(),
    sharp(Buffer.from(crisp)).png({ compressionLevel: 0 }).toBuffer(),
  ]);
  return sharp(background).composite([{ input: foreground }]).png({ compressionLevel: 6 }).toBuffer();
}
