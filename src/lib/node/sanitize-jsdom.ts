// The one sanitiser on a jsdom window of its own: how the build runs it (in the pool's workers, or in the build's
// thread for a few rows) and how tests run it. Never imported by an island, so jsdom stays out of the browser.
// The .ts extension: the workers load this file in Node itself (see districtPages.ts).
import { JSDOM } from 'jsdom';
import { createSanitizer, type Sanitize } from '../sanitize.ts';

/** A sanitiser on a new jsdom window. */
export function createJsdomSanitizer(): Sanitize {
  return createSanitizer(new JSDOM('').window as unknown as Parameters<typeof createSanitizer>[0]);
}
