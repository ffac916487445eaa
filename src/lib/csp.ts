// Build-time Content-Security-Policy helpers (server only): the hash that lets one inline script run.
import { createHash } from 'node:crypto';

/** The CSP source ('sha256-…') that allows exactly this inline script text. */
export function scriptHash(code: string): string {
  return `sha256-${createHash('sha256').update(code).digest('base64')}`;
}
