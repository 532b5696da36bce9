import { describe, expect, it } from 'vitest';
import { NAV_ITEMS } from './nav-items';

const activeOn = (pathname: string) => NAV_ITEMS.filter((item) => item.isActive(pathname)).map((item) => item.labelKey);

describe('the main navigation’s current entry', () => {
  it('is Home on the day’s page and its conversation', () => {
    expect(activeOn('/home')).toEqual(['home']);
    expect(activeOn('/home/chat')).toEqual(['home']);
  });

  it('is Memories on the gallery, a memory and its edit page', () => {
    for (const pathname of ['/home/memories', '/home/memories/42', '/home/memories/edit/42']) expect(activeOn(pathname)).toEqual(['memories']);
  });

  it('is Community on the community page', () => {
    expect(activeOn('/community')).toEqual(['community']);
  });

  it('is none on the account pages of the avatar menu', () => {
    for (const pathname of ['/home/profile', '/home/support', '/home/admin', '/home/pricing', '/privacy-policy']) expect(activeOn(pathname)).toEqual([]);
  });
});
