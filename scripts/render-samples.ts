// Renders the sample artworks of docs/artwork-samples from short sample days (run: npx tsx scripts/render-samples.ts).
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { composeImagePrompt, composeMemory } from '../src/server/providers/text/offline-extractor';
import { renderArtwork } from '../src/server/providers/image/generative-art';
import { DEFAULT_SETTINGS } from '../src/server/db/seed';
const days: Array<[string, 'en' | 'fr', string[]]> = [
  ['tired-work-sea', 'en', ['Work was exhausting today, the meeting went on forever.', 'In the evening I walked along the sea and it calmed me down.', 'I think I need some rest this weekend.']],
  ['friends-laughter', 'en', ['Such a happy day! I had lunch with friends and we laughed so much.', 'We played music in the park afterwards.', 'I feel grateful for them.']],
  ['pluie-famille', 'fr', ['Je me sens triste ce soir, ma mère me manque.', 'Il a plu toute la journée et je suis restée à la maison.', 'J’ai regardé de vieilles photos de famille.']],
  ['montagne-espoir', 'fr', ['Je suis inquiète pour mon nouveau travail qui commence lundi.', 'Mais ce week-end on est allés en montagne et c’était magnifique.', 'J’ai l’espoir que ça ira mieux.']],
];
let md = '# Sample artworks of the offline renderer\n\nEach picture was rendered by `src/server/providers/image/generative-art.ts` from the image prompt the offline extractor wrote for a short sample day (shown as thumbnails here; the app stores 1024×1024 PNGs). Regenerate with `npx tsx scripts/render-samples.ts`.\n\n';
for (const [name, lang, said] of days) {
  const messages = said.flatMap((content) => [{ role: 'user' as const, content }, { role: 'assistant' as const, content: '…' }]);
  const memory = composeMemory(messages, lang);
  const prompt = composeImagePrompt(messages, lang === 'fr' ? DEFAULT_SETTINGS.imagePromptFr : DEFAULT_SETTINGS.imagePrompt);
  const png = await renderArtwork(prompt);
  writeFileSync(`docs/artwork-samples/${name}.webp`, await sharp(png).resize(384, 384).webp({ quality: 82 }).toBuffer());
  md += `## ${memory.title}\n\n![${memory.title}](${name}.webp)\n\n*${said.join(' ')}*\n\n> ${memory.poeticSummary}\n\n`;
}
writeFileSync('docs/artwork-samples/README.md', md);
