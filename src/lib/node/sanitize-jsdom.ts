// The one sanitiser on a jsdom window of its own: how the build's loader, the mail sender and tests run it. Never
// imported by an island, so jsdom stays out of the browser. The .ts extension: the mail sender's scripts load this
// file in Node itself.
import { JSDOM } from 'jsdom';
import { createSanitizer, type Sanitize } from '../sanitize.ts';

/**
 * Pieces of rich text one jsdom window sanitises before it is closed and a new one made: a window keeps growing with
 * use, and a first build sanitises hundreds of thousands of pieces.
 */
const PIECES_PER_WINDOW = 2_000;

/** A sanitiser on a jsdom window of its own, renewed every PIECES_PER_WINDOW pieces. */
export function createJsdomSanitizer(): Sanitize {
  let [dom, sanitize, used]: [JSDOM | undefined, Sanitize | undefined, number] = [undefined, undefined, 0];
  return (html, enhance) => {
    if (!sanitize || used++ >= PIECES_PER_WINDOW) {
      dom?.window.close();
      dom = new JSDOM('');
      sanitize = createSanitizer(dom.window as unknown as Parameters<typeof createSanitizer>[0]);
      used = 1;
    }
    return sanitize(html, enhance);
  };
}
