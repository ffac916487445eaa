// Signs the local anon and service_role keys the way the Supabase CLI does: HS256 JWTs over a shared secret.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** @param {string} value */
const b64url = (value) => Buffer.from(value).toString('base64url');

/**
 * Signs a JWT payload with HS256.
 * @param {Record<string, unknown>} payload
 * @param {string} secret
 */
export function signJwt(payload, secret) {
  const head = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(payload));
  const sig = createHmac('sha256', secret).update(`${head}.${body}`).digest('base64url');
  return `${head}.${body}.${sig}`;
}

/**
 * Returns the role a valid HS256 token was signed for, or null when its signature is wrong, it has no expiry
 * (a key without one would be valid forever) or its expiry has passed. The signature is compared in constant time.
 * @param {unknown} token
 * @param {string} secret
 * @returns {string | null}
 */
export function verifiedRole(token, secret) {
  const parts = String(token ?? '').split('.');
  if (parts.length !== 3) return null;
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
    if (typeof claims.exp !== 'number' || claims.exp * 1000 < Date.now()) return null;
    return typeof claims.role === 'string' ? claims.role : null;
  } catch {
    return null;
  }
}
