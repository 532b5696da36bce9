import { TIME_ZONE_COOKIE } from '@shared/limits';
import { describe, expect, it } from 'vitest';
import { browserTimeZone, rememberTimeZone } from './time-zone';

/** A document whose cookie jar records every write, as `document.cookie` is written one cookie at a time. */
function fakeDocument(initial = '') {
  const writes: string[] = [];
  let jar = initial;
  const doc = {
    get cookie() {
      return jar;
    },
    set cookie(value: string) {
      writes.push(value);
      const pair = value.split(';')[0]!;
      jar = [...jar.split('; ').filter((part) => part && !part.startsWith(`${TIME_ZONE_COOKIE}=`)), pair].join('; ');
    },
  };
  return { doc: doc as unknown as Document, writes };
}

describe('rememberTimeZone', () => {
  it('tells the server this browser’s zone for a year, and writes nothing when it already knows it', () => {
    const { doc, writes } = fakeDocument('souvenir_language=fr');
    rememberTimeZone(doc);
    expect(writes).toEqual([`${TIME_ZONE_COOKIE}=${encodeURIComponent(browserTimeZone())}; Path=/; Max-Age=31536000; SameSite=Lax`]);
    rememberTimeZone(doc);
    expect(writes).toHaveLength(1);
  });

  it('replaces a zone left from elsewhere (the person travelled)', () => {
    const { doc, writes } = fakeDocument(`${TIME_ZONE_COOKIE}=Nowhere%2FElse`);
    rememberTimeZone(doc);
    expect(writes).toHaveLength(1);
    expect(doc.cookie).toBe(`${TIME_ZONE_COOKIE}=${encodeURIComponent(browserTimeZone())}`);
  });
});
