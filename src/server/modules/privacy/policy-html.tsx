import type { Language } from '@shared/limits';
import type { ComponentProps, JSX } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown, { type Components, type ExtraProps } from 'react-markdown';

// The privacy policy's Markdown drawn as HTML, once per text, inside a worker thread (policy-drawer.ts): some texts
// take Markdown parsing seconds (docs/decisions/0093-privacy-policy-drawn-when-saved.md). The page shows this HTML as
// it is, on the server and in the browser alike, so the markup and its classes are the page's own typography.

/** Where the policy's Markdown names the privacy contact address (set by PRIVACY_EMAIL). */
export const EMAIL_TOKEN = '{email}';

/** Spoken after a link that opens in a new tab; the policy's language, whatever the reader's interface. */
const NEW_TAB: Record<Language, string> = { en: 'opens in a new tab', fr: 's’ouvre dans un nouvel onglet' };

/** The few Markdown (mdast) node fields the address replacement touches. */
interface MdNode {
  type: string;
  value?: string;
  url?: string;
  children?: MdNode[];
}

const emailLink = (email: string): MdNode => ({ type: 'link', url: `mailto:${email}`, children: [{ type: 'text', value: email }] });

/** "Write to {email} today" → text, a mailto link, text. */
function splitOnToken(value: string, email: string): MdNode[] {
  return value.split(EMAIL_TOKEN).flatMap((part, index) => {
    const pieces: MdNode[] = index > 0 ? [emailLink(email)] : [];
    if (part) pieces.push({ type: 'text', value: part });
    return pieces;
  });
}

function replaceToken(node: MdNode, email: string, insideLink: boolean): void {
  if (node.url?.includes(EMAIL_TOKEN)) node.url = node.url.replaceAll(EMAIL_TOKEN, () => email);
  if ((node.type === 'inlineCode' || node.type === 'code') && node.value) node.value = node.value.replaceAll(EMAIL_TOKEN, () => email);
  if (!node.children) return;
  node.children = node.children.flatMap((child) => {
    if (child.type === 'text' && child.value?.includes(EMAIL_TOKEN)) {
      // A link inside a link is not valid HTML: within one, the address is only text.
      return insideLink ? [{ ...child, value: child.value.replaceAll(EMAIL_TOKEN, () => email) }] : splitOnToken(child.value, email);
    }
    replaceToken(child, email, insideLink || child.type === 'link' || child.type === 'linkReference');
    return [child];
  });
}

/**
 * A remark plugin: `{email}` becomes a mailto link to the contact address. Done on the parsed tree, not
 * on the text, so the address is never read as Markdown itself.
 */
const remarkContactEmail = (email: string) => () => (tree: MdNode) => replaceToken(tree, email, false);

/**
 * An address on the web opens in a new tab. The policy names other sites (an authority, a processor's terms); a page
 * of Souvenir itself is written as a path (`/community`), which stays in the tab.
 */
function isExternal(href: string | undefined): boolean {
  if (!href || !/^https?:/i.test(href)) return false;
  return URL.canParse(href);
}

type Props<Tag extends keyof JSX.IntrinsicElements> = ComponentProps<Tag> & ExtraProps;

/** The long-reading typography of the policy (DESIGN.md: serif headings, a ~65 character measure). */
function buildComponents(newTabLabel: string): Components {
  return {
    // The page has its own h1: a "# Title" in the policy reads as a section heading.
    h1: ({ node: _node, ...props }: Props<'h1'>) => <h2 className="mt-10 mb-3 font-serif text-2xl leading-snug text-ink sm:text-[1.7rem]" {...props} />,
    h2: ({ node: _node, ...props }: Props<'h2'>) => <h2 className="mt-10 mb-3 font-serif text-2xl leading-snug text-ink sm:text-[1.7rem]" {...props} />,
    h3: ({ node: _node, ...props }: Props<'h3'>) => <h3 className="mt-8 mb-2 font-serif text-xl leading-snug text-ink" {...props} />,
    h4: ({ node: _node, ...props }: Props<'h4'>) => <h4 className="mt-6 mb-2 font-semibold text-ink" {...props} />,
    p: ({ node: _node, ...props }: Props<'p'>) => <p className="mt-4" {...props} />,
    ul: ({ node: _node, ...props }: Props<'ul'>) => <ul className="mt-4 list-disc space-y-2 pl-6 marker:text-accent" {...props} />,
    ol: ({ node: _node, ...props }: Props<'ol'>) => <ol className="mt-4 list-decimal space-y-2 pl-6 marker:text-ink-muted" {...props} />,
    li: ({ node: _node, ...props }: Props<'li'>) => <li className="pl-1" {...props} />,
    strong: ({ node: _node, ...props }: Props<'strong'>) => <strong className="font-semibold text-ink" {...props} />,
    blockquote: ({ node: _node, ...props }: Props<'blockquote'>) => (
      <blockquote className="mt-4 border-l-2 border-accent/40 pl-4 font-serif text-ink-muted italic" {...props} />
    ),
    hr: ({ node: _node, ...props }: Props<'hr'>) => <hr className="my-8 border-line" {...props} />,
    code: ({ node: _node, ...props }: Props<'code'>) => <code className="rounded-sm bg-sand px-1 py-0.5 text-[0.9em]" {...props} />,
    pre: ({ node: _node, ...props }: Props<'pre'>) => <pre className="mt-4 overflow-x-auto rounded-md bg-sand p-4 text-sm" {...props} />,
    a: ({ node: _node, href, children, ...props }: Props<'a'>) => {
      const external = isExternal(href);
      return (
        <a
          href={href}
          className="font-medium break-words text-accent underline underline-offset-4 hover:text-accent-strong"
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          {...props}
        >
          {children}
          {external ? <span className="sr-only"> ({newTabLabel})</span> : null}
        </a>
      );
    },
    // No picture is ever fetched from the policy (a third-party image would tell its host who reads it): its description stays.
    img: ({ alt }: Props<'img'>) => (alt ? <span>{alt}</span> : null),
  };
}

/**
 * The policy's Markdown as HTML. react-markdown builds React elements, never HTML strings, and without a raw-HTML
 * plugin any HTML in the text (a <script>, an onerror attribute) is drawn as plain text; unsafe link protocols
 * (javascript:…) are emptied by its default URL transform; React escapes every text and attribute.
 */
export function drawPolicyHtml(input: { content: string; contactEmail: string; language: Language }): string {
  return renderToStaticMarkup(
    <Markdown remarkPlugins={[remarkContactEmail(input.contactEmail)]} components={buildComponents(NEW_TAB[input.language])}>
      {input.content}
    </Markdown>,
  );
}
