import { renderArtwork } from './generative-art';
import { createOpenAiCompatibleImages } from './openai-compatible';

export interface ImageRequest {
  /** The memory's image prompt (the admin's style and a description of the day; never the conversation). */
  prompt: string;
  /** `WIDTHxHEIGHT` or `auto`, from the admin's image settings (app_settings.image_size). */
  size: string;
  /** standard | hd | low | medium | high | auto (app_settings.image_quality). */
  quality: string;
  /** Stops the provider's upstream call (the server shutting down). */
  signal: AbortSignal;
}

/**
 * Makes the artwork of a memory. Returns the image's bytes (PNG, JPEG or WebP — checked by content).
 * Implementations never log the prompt and fail with an ImageProviderError.
 */
export interface ImageProvider {
  readonly name: 'generative-art' | 'openai-compatible';
  generate(request: ImageRequest): Promise<Buffer>;
}

/** The embedded renderer: an original, seeded, mood-driven composition (1024×1024 PNG), whatever the size asked. */
export const generativeArt: ImageProvider = {
  name: 'generative-art',
  generate: ({ prompt }) => renderArtwork(prompt),
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
