// The sanitiser at build time: the same sanitize() on a jsdom window. Imported only by pages' frontmatter and
// tests, never by an island, so the browser bundle never contains jsdom.
import { JSDOM } from 'jsdom';
import { createSanitizer, type Sanitize } from './sanitize';

let buildSanitize: Sanitize | undefined;

/** Sanitises rich text at build time (or in a test), on one shared jsdom window. */
export const sanitizeAtBuild: Sanitize = (html, enhance) => {
  buildSanitize ??= createSanitizer(new JSDOM('').window as unknown as Parameters<typeof createSanitizer>[0]);
  return buildSanitize(html, enhance);
};
