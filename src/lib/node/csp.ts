// Build-time Content-Security-Policy helpers (server only): the hash that lets one inline script run.
import { createHash } from 'node:crypto';

// Every district page asks for the same script's hash: compute it once per build, not once per page.
const hashes = new Map<string, `sha256-${string}`>();

/** The CSP source ('sha256-…') that allows exactly this inline script text. */
export function scriptHash(code: string): `sha256-${string}` {
  let hash = hashes.get(code);
  if (!hash) {
    hash = `sha256-${createHash('sha256').update(code).digest('base64')}` as const;
    hashes.set(code, hash);
  }
  return hash;
}
