/** The recording formats the transcription accepts, recognised by their first bytes. */
export type AudioFormat = 'webm' | 'ogg' | 'wav' | 'mp3' | 'mp4' | 'flac';

/** What the provider is told: the sniffed format, never the name or type the browser declared. */
export const AUDIO_FORMATS: Record<AudioFormat, { extension: string; mimeType: string }> = {
  webm: { extension: 'webm', mimeType: 'audio/webm' },
  ogg: { extension: 'ogg', mimeType: 'audio/ogg' },
  wav: { extension: 'wav', mimeType: 'audio/wav' },
  mp3: { extension: 'mp3', mimeType: 'audio/mpeg' },
  mp4: { extension: 'm4a', mimeType: 'audio/mp4' },
  flac: { extension: 'flac', mimeType: 'audio/flac' },
};

// Browsers label some recordings with a container type rather than audio/*.
const AUDIO_CONTAINER_TYPES = new Set(['video/webm', 'application/ogg']);

/** The declared type says audio: audio/*, or a container type browsers give recordings. Parameters (codecs) are ignored. */
export function isDeclaredAudio(mimeType: string): boolean {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  return type.startsWith('audio/') || AUDIO_CONTAINER_TYPES.has(type);
}

const ascii = (bytes: Uint8Array, offset: number, text: string) =>
  bytes.length >= offset + text.length && [...text].every((ch, i) => bytes[offset + i] === ch.charCodeAt(0));

/** The format of a recording from its magic bytes, or null when it is none of the accepted ones. */
export function sniffAudioFormat(bytes: Uint8Array): AudioFormat | null {
  if (bytes.length >= 4 && bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'webm';
  if (ascii(bytes, 0, 'OggS')) return 'ogg';
  if (ascii(bytes, 0, 'RIFF') && ascii(bytes, 8, 'WAVE')) return 'wav';
  if (ascii(bytes, 0, 'fLaC')) return 'flac';
  if (ascii(bytes, 4, 'ftyp')) return 'mp4';
  if (ascii(bytes, 0, 'ID3')) return 'mp3';
  // An MPEG audio frame starts with 11 set bits of frame sync.
  if (bytes.length >= 2 && bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0) return 'mp3';
  return null;
}
