/**
 * Text PostgreSQL cannot keep as it was sent: a NUL character (a `text` column refuses it, and the request
 * would fail as a server error) or a lone UTF-16 surrogate (not Unicode: UTF-8 cannot carry it, so it would
 * be stored silently changed into U+FFFD). JSON can spell both (`\u0000`, `\ud800`); no keyboard types them.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * Where such text is in a parsed JSON body (a dot path, `_` for the body itself; keys count too), or null.
 * Walks without recursion: a body nested thousands deep must not exhaust the stack.
 */
export function unstorableTextPath(body: unknown): string | null {
  const pending: Array<{ value: unknown; path: string }> = [{ value: body, path: '' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (unstorable(value)) return path || '_';
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        const childPath = path ? `${path}.${key}` : key;
        if (unstorable(key)) return childPath;
        pending.push({ value: child, path: childPath });
      }
    }
  }
  return null;
}

export const UNSTORABLE_TEXT_MESSAGE = 'Text may not contain NUL characters or unpaired UTF-16 surrogates.';
