/**
 * Counts the page objects of a PDF as its bytes arrive, a chunk at a time: every `/Type /Page` dictionary (not
 * `/Type /Pages`, the tree that holds them). The book is written by a library that writes each page's dictionary
 * uncompressed as soon as the page is finished, so the count grows while the book is made: the web shows it as
 * progress, and the tests count a finished book's pages with it.
 */
const MARKER = '/Type /Page';
/** Enough of the previous chunk to find a marker cut in two, and the character after one. */
const CARRY = MARKER.length;

export function createPdfPageCounter() {
  let carried = '';
  let pages = 0;
  return {
    /** Reads the next bytes; the number of page objects found so far. */
    push(chunk: Uint8Array): number {
      // Latin-1 keeps one character per byte, so offsets in the text are offsets in the file.
      let text = carried;
      for (let i = 0; i < chunk.length; i += 8192) text += String.fromCharCode(...chunk.subarray(i, i + 8192));
      let from = 0;
      for (;;) {
        const at = text.indexOf(MARKER, from);
        // A marker at the very end is decided with the next chunk (it may be the start of `/Pages`).
        if (at === -1 || at + MARKER.length >= text.length) break;
        if (!/[A-Za-z0-9]/.test(text[at + MARKER.length]!)) pages += 1;
        from = at + MARKER.length;
      }
      const keepFrom = Math.max(from, text.length - CARRY);
      carried = text.slice(keepFrom);
      return pages;
    },
    get pages() {
      return pages;
    },
  };
}

/** The number of page objects in a whole PDF. */
export function countPdfPages(file: Uint8Array): number {
  const counter = createPdfPageCounter();
  counter.push(file);
  // A marker in the last bytes is never a page (the file ends with its trailer), but decide it anyway.
  return counter.push(new Uint8Array([0x0a]));
}
