import { describe, expect, it } from 'vitest';
import { isDeclaredAudio, sniffAudioFormat } from './audio-format';

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('declared audio types', () => {
  it('accepts audio/* with or without parameters, and the container types browsers use for recordings', () => {
    for (const type of ['audio/webm', 'audio/webm;codecs=opus', 'AUDIO/OGG; codecs=opus', 'audio/wav', 'audio/mpeg', 'audio/mp4', 'video/webm', 'application/ogg']) {
      expect(isDeclaredAudio(type), type).toBe(true);
    }
  });

  it('refuses anything else', () => {
    for (const type of ['', 'text/plain', 'image/png', 'application/octet-stream', 'video/mp4', 'application/json', 'audiox/webm']) {
      expect(isDeclaredAudio(type), type).toBe(false);
    }
  });
});

describe('audio magic bytes', () => {
  it('recognises every accepted container', () => {
    expect(sniffAudioFormat(bytes([0x1a, 0x45, 0xdf, 0xa3], 'rest'))).toBe('webm');
    expect(sniffAudioFormat(bytes('OggS', [0, 2]))).toBe('ogg');
    expect(sniffAudioFormat(bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '))).toBe('wav');
    expect(sniffAudioFormat(bytes('ID3', [4, 0]))).toBe('mp3');
    expect(sniffAudioFormat(bytes([0xff, 0xfb, 0x90, 0x44]))).toBe('mp3');
    expect(sniffAudioFormat(bytes([0xff, 0xe3]))).toBe('mp3');
    expect(sniffAudioFormat(bytes([0, 0, 0, 0x20], 'ftypM4A '))).toBe('mp4');
    expect(sniffAudioFormat(bytes('fLaC', [0, 0, 0, 0x22]))).toBe('flac');
  });

  it('refuses other content, lookalikes and truncated headers', () => {
    expect(sniffAudioFormat(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffAudioFormat(bytes([0x89], 'PNG\r\n'))).toBeNull();
    expect(sniffAudioFormat(bytes('RIFF', [0, 0, 0, 0], 'AVI '))).toBeNull();
    expect(sniffAudioFormat(bytes('hello, this is text'))).toBeNull();
    expect(sniffAudioFormat(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBeNull(); // JPEG
    expect(sniffAudioFormat(bytes([0x1a, 0x45, 0xdf]))).toBeNull();
    expect(sniffAudioFormat(bytes('RIFF'))).toBeNull();
    expect(sniffAudioFormat(bytes([0xff]))).toBeNull();
    expect(sniffAudioFormat(new Uint8Array())).toBeNull();
  });
});
