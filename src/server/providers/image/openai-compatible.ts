import { createOpenAiClient, type OpenAiOptions } from '../openai-client';
import OpenAI from 'openai';
import sharp from 'sharp';
import { hostOf } from '../../address-policy';
import { downloadRemoteImage, RemoteImageError } from '../../remote-image';
import { ImageProviderError } from './image-provider-error';
import type { ImageProvider } from './image-provider';

/** Largest image accepted from the service, inline or downloaded. */
export const IMAGE_MAX_BYTES = 20 * 1024 * 1024;

type GenerateParams = OpenAI.Images.ImageGenerateParamsNonStreaming;

/**
 * Any OpenAI-compatible images API (`POST /images/generations`). The image comes back inline
 * (`b64_json`, preferred) or as an address that is downloaded at once: a memory never points at a
 * provider-hosted temporary address. Whatever arrives must be a PNG, JPEG or WebP by its content.
 */
export function createOpenAiCompatibleImages(options: OpenAiOptions & { maxBytes?: number }): ImageProvider {
  const maxBytes = options.maxBytes ?? IMAGE_MAX_BYTES;
  const client = createOpenAiClient(options);
  // DALL·E answers an address unless asked for base64; the GPT image models always answer base64 and
  // refuse the parameter; other servers choose — both answers are read.
  const asksBase64 = /^dall-e/i.test(options.model);
  const serviceHost = hostOf(new URL(options.baseUrl));

  return {
    name: 'openai-compatible',
    async generate({ prompt, size, quality, signal }) {
      if (signal.aborted) throw new ImageProviderError('upstream', 'the image request was stopped');
      let answer: OpenAI.Images.ImagesResponse;
      try {
        answer = await client.images.generate(
          {
            model: options.model,
            prompt,
            n: 1,
            size,
            quality: quality as GenerateParams['quality'],
            ...(asksBase64 ? { response_format: 'b64_json' as const } : {}),
          },
          { signal },
        );
      } catch (error) {
        throw toImageProviderError(error, size, signal.aborted);
      }
      const first = answer.data?.[0];
      let image: Buffer;
      if (first?.b64_json) image = Buffer.from(first.b64_json, 'base64');
      else if (first?.url) image = await download(first.url, { serviceHost, timeoutMs: options.timeoutMs, maxBytes, signal });
      else throw new ImageProviderError('upstream', 'the image service answered without an image');
      if (image.length > maxBytes) throw new ImageProviderError('upstream', 'the image service answered an image that is too large');
      await requireImage(image);
      return image;
    },
  };
}

/** PNG, JPEG or WebP, by content. */
async function requireImage(image: Buffer): Promise<void> {
  let format: string | undefined;
  try {
    format = (await sharp(image).metadata()).format;
  } catch {
    format = undefined;
  }
  if (format !== 'png' && format !== 'jpeg' && format !== 'webp') {
    throw new ImageProviderError('upstream', 'the image service answered something that is not an image');
  }
}

/**
 * Fetches the image at once (the address is temporary), within the timeout and the size cap, through the
 * guard that image migration uses: whatever the service answers, the server calls no loopback, private or
 * link-local address but the service's own host (a local server such as LocalAI answers addresses on
 * itself), and follows redirects only within the same host, checking each one.
 */
async function download(address: string, limits: { serviceHost: string; timeoutMs: number; maxBytes: number; signal: AbortSignal }): Promise<Buffer> {
  try {
    return await downloadRemoteImage(address, { allowedHosts: [limits.serviceHost], timeoutMs: limits.timeoutMs, maxBytes: limits.maxBytes, signal: limits.signal });
  } catch (error) {
    if (limits.signal.aborted) throw new ImageProviderError('upstream', 'the image request was stopped');
    if (!(error instanceof RemoteImageError)) throw new ImageProviderError('upstream', 'the image could not be downloaded');
    switch (error.reason) {
      case 'unsupported-url':
        throw new ImageProviderError('upstream', 'the image service answered an invalid image address');
      case 'refused-address':
      case 'refused-redirect':
        throw new ImageProviderError('upstream', 'the image service answered an address this server does not call');
      case 'too-large':
        throw new ImageProviderError('upstream', 'the image to download is too large');
      case 'timeout':
        throw new ImageProviderError('timeout', 'the image download took too long');
      case 'http-status':
        throw new ImageProviderError('upstream', `the image download answered ${error.status ?? 0}`, error.status);
      case 'network':
        throw new ImageProviderError('upstream', 'the image could not be downloaded');
    }
  }
}

function toImageProviderError(error: unknown, size: string, aborted: boolean): ImageProviderError {
  if (error instanceof ImageProviderError) return error;
  if (aborted || error instanceof OpenAI.APIUserAbortError) return new ImageProviderError('upstream', 'the image request was stopped');
  if (error instanceof OpenAI.APIConnectionTimeoutError) return new ImageProviderError('timeout', 'the image service did not answer in time');
  if (error instanceof OpenAI.APIError && typeof error.status === 'number') {
    // The upstream message only classifies the refusal; it is never logged or shown (it may quote the prompt).
    const code = typeof error.code === 'string' ? error.code : '';
    const message = typeof error.message === 'string' ? error.message : '';
    if (['content_policy_violation', 'moderation_blocked'].includes(code) || /content[ _-]?policy|safety system/i.test(message)) {
      return new ImageProviderError('policy', 'the image service refused the prompt under its content policy', error.status);
    }
    if (error.status === 400 && (error.param === 'size' || /\bsize\b/i.test(message))) {
      return new ImageProviderError('size', `the image service does not accept the size ${size}`, error.status);
    }
    return new ImageProviderError('upstream', `the image service answered ${error.status}`, error.status);
  }
  return new ImageProviderError('upstream', 'the image service could not be reached');
}
