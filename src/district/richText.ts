// A page's rich text on its way to the one sanitiser: what of a summary or a description is sanitised, and how. Its
// own module, so the document and the rules that say what each piece is (meeting cards, topics) need not import
// each other.
import type { Sanitize, SafeHtml } from '../lib/sanitize';
import { linkTimestamps } from '../lib/record/timestamps';

/** One piece of rich text to sanitise; `timestamps` also turns its time stamps into buttons. null: there is none. */
export type RichTextJob = { html: string; timestamps: boolean } | null;

/** Sanitises one piece of a page's rich text with the given sanitiser (jsdom's at build, the page's in the browser). */
export function sanitizeJob(sanitizer: Sanitize, job: RichTextJob): SafeHtml | null {
  return job ? sanitizer(job.html, job.timestamps ? linkTimestamps : undefined) : null;
}
