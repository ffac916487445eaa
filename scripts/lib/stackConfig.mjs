// The embedded stack's settings: the Supabase CLI's local defaults, each overridable by an environment variable.
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signJwt } from './jwt.mjs';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

// The Supabase CLI's local JWT secret: public by design, it only guards a database on your own machine.
export const JWT_SECRET = process.env.LOCAL_JWT_SECRET ?? 'super-secret-jwt-token-with-at-least-32-characters-long';
// Far-future expiry (2032-12-31), as the CLI's demo keys have.
const EXP = 1988150400;
export const ANON_KEY = signJwt({ iss: 'supabase-demo', role: 'anon', exp: EXP }, JWT_SECRET);
export const SERVICE_ROLE_KEY = signJwt({ iss: 'supabase-demo', role: 'service_role', exp: EXP }, JWT_SECRET);

/**
 * @param {string} name
 * @param {number} fallback
 */
const int = (name, fallback) => {
  const value = process.env[name];
  return value ? Number.parseInt(value, 10) : fallback;
};

/**
 * What a caller sets instead of the environment.
 * @typedef {object} StackOverrides
 * @property {number} [apiPort]
 * @property {number} [dbPort]
 * @property {number} [restPort]
 * @property {string} [dataDir]
 * @property {number} [smtpPort]
 * @property {number} [inboxPort]
 * @property {string} [siteUrl]
 * @property {boolean} [seed]
 */

/**
 * The stack's ports and folders, read from the environment at call time.
 * @param {StackOverrides} overrides
 */
export function stackConfig(overrides = {}) {
  const apiPort = overrides.apiPort ?? int('API_PORT', 54321);
  const dbPort = overrides.dbPort ?? int('DB_PORT', 54322);
  return {
    apiPort,
    dbPort,
    // PostgREST itself listens on a private port; only the gateway is meant to be used.
    restPort: overrides.restPort ?? int('POSTGREST_PORT', apiPort + 10),
    dataDir: resolve(root, overrides.dataDir ?? process.env.STACK_DATA_DIR ?? '.data/postgres'),
    // The mail catcher: SMTP and the web inbox, beside the API as the Supabase CLI places them (54325, 54324).
    smtpPort: overrides.smtpPort ?? int('CATCHER_SMTP_PORT', apiPort + 4),
    inboxPort: overrides.inboxPort ?? int('INBOX_PORT', apiPort + 3),
    // Where the links in emails point: the site npm start serves.
    siteUrl: overrides.siteUrl ?? process.env.SITE_URL ?? `http://localhost:${process.env.PORT ?? '4321'}`,
    seed: overrides.seed ?? true,
    apiUrl: `http://127.0.0.1:${apiPort}`,
    dbUrl: `postgres://postgres:postgres@127.0.0.1:${dbPort}/postgres`,
    anonKey: ANON_KEY,
    serviceRoleKey: SERVICE_ROLE_KEY,
  };
}
