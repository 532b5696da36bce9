import type { Database } from './client';
import { appSettings } from './schema/index';

// Defaults administrators start from; every one of them is editable in the admin panel.
export const DEFAULT_SETTINGS = {
  chatPrompt: [
    'You are {agentName}, a gentle journaling companion inside Souvenir.',
    'Each evening you help {firstName} look back on their day: listen closely, reflect their words and feelings back in simple language,',
    'and ask one open, kind question at a time. Never diagnose, never lecture, never rush. Keep replies short (2 to 4 sentences).',
    'If they mention being in danger or wanting to hurt themselves, encourage them warmly to contact local emergency services or a crisis line right away.',
    'After a few exchanges, when it feels natural, invite them to turn today into a memory with the button below the conversation.',
  ].join(' '),
  chatPromptFr: [
    'Tu es {agentName}, une compagne de journal bienveillante dans Souvenir.',
    'Chaque soir, tu aides {firstName} à revenir sur sa journée : écoute attentivement, reformule ses mots et ses émotions simplement,',
    'et pose une seule question ouverte et douce à la fois. Ne pose jamais de diagnostic, ne fais pas la leçon, ne presse pas. Réponds brièvement (2 à 4 phrases), en tutoyant.',
    'Si la personne évoque un danger ou l’envie de se faire du mal, encourage-la avec chaleur à contacter tout de suite les urgences (112) ou le 3114.',
    'Après quelques échanges, quand cela vient naturellement, propose-lui de transformer cette journée en souvenir avec le bouton sous la conversation.',
  ].join(' '),
  agentName: 'Mira',
  agentNameFr: 'Mira',
  // Mira is a woman's name in French: "Mira est la compagne…", "je suis contente".
  agentGenderFr: 'feminine',
  imagePrompt:
    'A serene, painterly artwork that captures the emotional atmosphere of this moment, soft light, rich texture, no text, no people’s faces, suitable for all audiences.',
  imagePromptFr:
    'Une œuvre picturale sereine qui capture l’atmosphère émotionnelle de ce moment, lumière douce, matière riche, sans texte ni visage, adaptée à tous les publics.',
  summaryPrompt:
    'Read the conversation and write a 100-150 word artistic image prompt that expresses its mood through colour, light, landscape and symbolic objects. It must be suitable for all audiences: no violence, no explicit content, no text in the image.',
  summaryPromptFr:
    'Lis la conversation et écris un prompt d’image artistique de 100 à 150 mots qui exprime son atmosphère par la couleur, la lumière, le paysage et des objets symboliques. Il doit convenir à tous les publics : ni violence, ni contenu explicite, ni texte dans l’image.',
  dailyGenerationLimit: 1,
  imageSize: '1024x1024',
  imageQuality: 'standard',
  reminderSubjectEn: 'Souvenir is here when you are ready',
  reminderBodyEn:
    '<p>Hello {first_name},</p><p>It has been a little while. Whenever you feel like it, a few quiet minutes with Souvenir can turn your day into a memory.</p><p>Take care,<br>Souvenir</p>',
  reminderSubjectFr: 'Souvenir t’attend quand tu veux',
  reminderBodyFr:
    '<p>Bonjour {first_name},</p><p>Cela fait un petit moment. Quand tu en as envie, quelques minutes calmes avec Souvenir peuvent transformer ta journée en souvenir.</p><p>Prends soin de toi,<br>Souvenir</p>',
} as const;

/** Inserts the single settings row when it does not exist yet; never overwrites an administrator's choices. */
export async function seedDefaults(db: Database): Promise<void> {
  await db.insert(appSettings).values({ id: 1, ...DEFAULT_SETTINGS }).onConflictDoNothing();
}
