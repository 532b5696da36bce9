import { randomBytes } from 'node:crypto';
import type { TestApp } from '../support/app';

/** A valid WAV file: a 44-byte PCM header (mono, 16-bit, 16 kHz) and `seconds` of silence. */
export function wavRecording(seconds = 0.25): Buffer {
  const sampleRate = 16_000;
  const dataSize = Math.round(seconds * sampleRate) * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataSize, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16); // PCM header size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataSize, 40);
  return Buffer.concat([header, Buffer.alloc(dataSize)]);
}

/** What browsers record (webm/opus), as far as sniffing goes: the EBML magic, then filler. */
export function webmRecording(size = 4096): Buffer {
  return Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(Math.max(0, size - 4))]);
}

/** Other accepted containers, recognisable by their first bytes. */
export const oggRecording = (size = 2048) => Buffer.concat([Buffer.from('OggS\0\x02', 'latin1'), Buffer.alloc(size - 6)]);
export const mp3Recording = (size = 2048) => Buffer.concat([Buffer.from('ID3\x04\0', 'latin1'), Buffer.alloc(size - 5)]);
export const m4aRecording = (size = 2048) => Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypM4A ', 'latin1'), Buffer.alloc(size - 12)]);
export const flacRecording = (size = 2048) => Buffer.concat([Buffer.from('fLaC', 'latin1'), Buffer.alloc(size - 4)]);

/** Not audio: a PNG signature and filler. */
export const pngImage = (size = 2048) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(size - 8)]);

export interface AudioUpload {
  audio: Buffer;
  /** The declared type of the file part. */
  type?: string;
  filename?: string;
  /** The form field name (the API reads `audio`). */
  field?: string;
  /** Extra text fields, sent before the file. */
  fields?: Record<string, string>;
}

/** A multipart/form-data body as a browser's FormData would send it, encoded by the platform itself. */
export async function buildAudioForm(upload: AudioUpload) {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields ?? {})) form.append(name, value);
  form.append(upload.field ?? 'audio', new Blob([new Uint8Array(upload.audio)], { type: upload.type ?? 'audio/webm;codecs=opus' }), upload.filename ?? 'recording.webm');
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type')! },
  };
}

export async function postTranscribe(
  t: TestApp,
  cookie: string | undefined,
  upload: AudioUpload | { payload: Buffer | string | NodeJS.ReadableStream; headers: Record<string, string> },
  query = '?language=en',
) {
  const body = 'audio' in upload ? await buildAudioForm(upload) : upload;
  return t.app.inject({
    method: 'POST',
    url: `/api/chat/transcribe${query}`,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
    payload: body.payload,
  });
}
