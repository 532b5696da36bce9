import { renderArtwork } from './generative-art';
import { createOpenAiCompatibleImages } from './openai-compatible';
import type { ImageProvider } from './image-provider';

// The contract lives in its own file, which the implementations import without importing this factory.
export type { ImageRequest, ImageProvider } from './image-provider';

/** The embedded renderer: an original, seeded, mood-driven composition (1024×1024 PNG), whatever the size asked. */
export const generativeArt: ImageProvider = {
  name: 'generative-art',
  generate: ({ prompt, motif }) => renderArtwork(prompt, motif),
};

export interface ImageProviderOptions {
  baseUrl: string | null;
  apiKey: string | null;
  /** AI_IMAGE_MODEL; unset means the embedded renderer. */
  model: string | null;
  timeoutMs: number;
}

/** AI_BASE_URL and AI_IMAGE_MODEL: the OpenAI-compatible images API; otherwise the generative-art renderer. */
export function createImageProvider(options: ImageProviderOptions): ImageProvider {
  return options.baseUrl && options.model
    ? createOpenAiCompatibleImages({ ...options, baseUrl: options.baseUrl, model: options.model })
    : generativeArt;
}
