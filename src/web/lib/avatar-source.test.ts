import { describe, expect, it } from 'vitest';
import { getAgentAvatarSource, getAvatarSource } from './avatar-source';

describe('getAvatarSource (profile, provider, first name, e-mail)', () => {
  const everything = {
    profileAvatarUrl: 'https://cdn.example/profile.png',
    userImage: 'https://google.example/photo.jpg',
    firstName: 'camille',
    email: 'camille@example.com',
  };

  it('prefers the profile picture', () => {
    expect(getAvatarSource(everything)).toEqual({ kind: 'image', src: 'https://cdn.example/profile.png' });
  });

  it('falls back to the sign-in provider picture', () => {
    expect(getAvatarSource({ ...everything, profileAvatarUrl: null })).toEqual({ kind: 'image', src: 'https://google.example/photo.jpg' });
  });

  it('then to the uppercased first letter of the first name', () => {
    expect(getAvatarSource({ ...everything, profileAvatarUrl: null, userImage: '  ' })).toEqual({ kind: 'initials', text: 'C' });
    expect(getAvatarSource({ firstName: 'élodie' })).toEqual({ kind: 'initials', text: 'É' });
  });

  it('then to the uppercased first two letters of the e-mail', () => {
    expect(getAvatarSource({ firstName: '', email: 'jo.doe@example.com' })).toEqual({ kind: 'initials', text: 'JO' });
  });

  it('never returns nothing', () => {
    expect(getAvatarSource({})).toEqual({ kind: 'initials', text: '?' });
  });
});

describe('getAgentAvatarSource', () => {
  it('uses the configured picture', () => {
    expect(getAgentAvatarSource(' https://cdn.example/mira.png ')).toEqual({ kind: 'image', src: 'https://cdn.example/mira.png' });
  });

  it('otherwise wears Souvenir’s mark, never an initial', () => {
    expect(getAgentAvatarSource(null)).toEqual({ kind: 'mark' });
    expect(getAgentAvatarSource('  ')).toEqual({ kind: 'mark' });
  });
});
