import type { Motif } from '../mood/lexicon';

export interface ImageRequest {
  /** The memory's image prompt (the admin's style and a description of the day; never the conversation). */
  prompt: string;
  /** `WIDTHxHEIGHT` or `auto`, from the admin's image settings (app_settings.image_size). */
  size: string;
  /** standard | hd | low | medium | high | auto (app_settings.image_quality). */
  quality: string;
  /**
   * The main motif the built-in renderer draws, chosen with the person's recent artworks in view so that they do
   * not repeat; an AI image service draws from the prompt alone. Unset: the prompt's own.
   */
  motif?: Motif;
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
