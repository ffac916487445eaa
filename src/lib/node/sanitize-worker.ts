// One worker of the build's sanitiser pool (piscina, started by districtPages.ts for a large build): the one
// sanitiser on this worker's own jsdom window. Node runs this file directly (type stripping, hence the .ts imports),
// outside Vite, so it imports only the sanitiser, the time-stamp rule and jsdom.
import { sanitizeJob, type RichTextJob } from '../sanitize.ts';
import { createJsdomSanitizer } from './sanitize-jsdom.ts';

const sanitize = createJsdomSanitizer();

/** Sanitises a batch of rich text, in order. */
export default function sanitizeBatch(jobs: RichTextJob[]) {
  return jobs.map((job) => sanitizeJob(sanitize, job));
}
