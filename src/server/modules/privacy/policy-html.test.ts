import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIVACY_POLICY } from './default-policy';
import { drawPolicyHtml } from './policy-html';

const EMAIL = 'privacy@example.com';
const draw = (content: string, language: 'en' | 'fr' = 'en') => drawPolicyHtml({ content, contactEmail: EMAIL, language });
const LINK = 'class="font-medium break-words text-accent underline underline-offset-4 hover:text-accent-strong"';

describe('the privacy policy drawn as HTML', () => {
  it('draws headings, paragraphs and lists in the page’s typography; a "# Title" is a section heading under the page’s h1', () => {
    const html = draw('# Title\n\nSouvenir keeps little.\n\n## What we collect\n\n- **Access** your data\n- **Delete** your account');
    expect(html).toBe(
      [
        '<h2 class="mt-10 mb-3 font-serif text-2xl leading-snug text-ink sm:text-[1.7rem]">Title</h2>',
        '<p class="mt-4">Souvenir keeps little.</p>',
        '<h2 class="mt-10 mb-3 font-serif text-2xl leading-snug text-ink sm:text-[1.7rem]">What we collect</h2>',
        '<ul class="mt-4 list-disc space-y-2 pl-6 marker:text-accent">',
        '<li class="pl-1"><strong class="font-semibold text-ink">Access</strong> your data</li>',
        '<li class="pl-1"><strong class="font-semibold text-ink">Delete</strong> your account</li>',
        '</ul>',
      ].join('\n'),
    );
  });

  it('turns {email} into a mailto link to the contact address; a site elsewhere opens in a new tab, said in the policy’s language', () => {
    const html = draw('Write to **{email}**, read [our charter](https://charter.example/privacy) or [ask for help](/home/support).');
    expect(html).toContain(`<a href="mailto:${EMAIL}" ${LINK}>${EMAIL}</a>`);
    expect(html).toContain(
      `<a href="https://charter.example/privacy" ${LINK} target="_blank" rel="noopener noreferrer">our charter<span class="sr-only"> (opens in a new tab)</span></a>`,
    );
    expect(html).toContain(`<a href="/home/support" ${LINK}>ask for help</a>`);
    expect(draw('[la charte](https://charter.example/)', 'fr')).toContain('<span class="sr-only"> (s’ouvre dans un nouvel onglet)</span>');
  });

  it('replaces {email} in link addresses and inline code too, and never nests links', () => {
    const html = draw('Mail [the team]({email}) or [write to {email}](mailto:{email}); code: `{email}`.');
    expect(html).not.toContain('{email}');
    expect(html).toContain(`<a href="${EMAIL}" ${LINK}>the team</a>`);
    expect(html).toContain(`<a href="mailto:${EMAIL}" ${LINK}>write to ${EMAIL}</a>`);
    expect(html).toContain(`>${EMAIL}</code>`);
    expect(html).not.toMatch(/<a [^>]*>[^<]*<a /);
  });

  it('draws HTML in the text as harmless text: no script, no event handler, no javascript: link, no outside image', () => {
    const html = draw(
      [
        '<script>window.__pwned=1</script>',
        'Before <img src=x onerror="window.__pwned=2"> after.',
        '[click me](javascript:window.__pwned=3)',
        '![a tracking pixel](https://tracker.example/pixel.png)',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(/<script|<img|javascript:/i);
    expect(html).toContain('&lt;script&gt;window.__pwned=1&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;window.__pwned=2&quot;&gt;');
    expect(html).toContain('<span>a tracking pixel</span>');
  });

  it('draws the built-in policies, with their contact address and no placeholder left', () => {
    for (const language of ['en', 'fr'] as const) {
      const html = draw(DEFAULT_PRIVACY_POLICY[language], language);
      expect(html).toContain(`<a href="mailto:${EMAIL}"`);
      expect(html).not.toContain('{email}');
    }
  });
});
