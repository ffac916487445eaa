// Shared helpers for database tests: the embedded stack's addresses (set by scripts/test.mjs) and clients.
import { request } from 'node:http';
import pg from 'pg';

function required(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(
      `${name} is not set: run the database tests through \`npm test\`, which starts the embedded stack.`,
    );
  return value;
}

export const apiUrl = () => required('TEST_API_URL');
export const anonKey = () => required('TEST_ANON_KEY');
export const dbUrl = () => required('TEST_DB_URL');

/**
 * The environment a test builds the site in: the test stack's address and key, and NODE_ENV as a real build has it.
 * Vitest sets NODE_ENV to 'test', and a build started with it would bundle React's development runtime (file paths
 * in every island's bundle), not the site production serves.
 */
export function siteBuildEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PUBLIC_SUPABASE_URL: apiUrl(),
    PUBLIC_SUPABASE_ANON_KEY: anonKey(),
    ASTRO_TELEMETRY_DISABLED: '1',
    ...settings,
  };
}

/** Opens a superuser connection to the test database (for checking what it holds). */
export async function superuser(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: dbUrl() });
  await client.connect();
  return client;
}

/** Runs one query as the superuser and returns its rows. */
export async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = await superuser();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/** PostgREST's answer to a refused request: a database refusal's code is its message, its parameters the details. */
export interface ApiError {
  code: string;
  message: string;
  details?: string | null;
}

/** A refusal as the database answers it: a stable code and its parameters ({code: 'field.max_length', max: 254}). */
export type Refusal = { code: string } & Record<string, unknown>;

/** A raised refusal read back as the code and parameters it carries (the message, and the details' JSON object). */
export function refusalOf(error: ApiError): Refusal {
  return { code: error.message, ...(error.details ? (JSON.parse(error.details) as Record<string, unknown>) : {}) };
}

/** A form function's answer (submit_agenda_vote, subscribe, create_alert): the errors by field and those of the form. */
export interface FormAnswer {
  ok: boolean;
  errors: Record<string, Refusal[]>;
  form_errors: Refusal[];
  limited?: boolean;
}

/**
 * Calls /rest/v1 the way the browser does, with the anon key unless told otherwise. The body is the answer's JSON (its
 * text when it is none), of the shape T the caller expects: the caller's assertions check it.
 */
export async function rest<T = unknown>(
  path: string,
  init: RequestInit & { key?: string | null } = {},
): Promise<{ status: number; body: T }> {
  const { key = anonKey(), headers, ...rest } = init;
  const res = await fetch(`${apiUrl()}/rest/v1${path}`, {
    ...rest,
    headers: { 'content-type': 'application/json', ...(key ? { apikey: key } : {}), ...(headers ?? {}) },
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body: body as T };
}

/** Calls a database function through /rest/v1/rpc with a JSON body. */
export function rpc<T = unknown>(name: string, args: unknown, init: RequestInit & { key?: string | null } = {}) {
  return rest<T>(`/rpc/${name}`, { method: 'POST', body: JSON.stringify(args), ...init });
}

/**
 * `count` client addresses no other test uses, on the loopback network (127.1.0.0/16), each a visitor of its own as
 * the gateway and the database's per-client rules see them.
 */
export function newClients(count: number): string[] {
  const block = 1 + Math.floor(Math.random() * 254);
  return Array.from({ length: count }, (_, n) => `127.1.${block}.${n + 1}`);
}

/** A loopback address of its own (127.0.x.y), for a test that needs a visitor apart from every other request. */
export function newClientAddress(): string {
  return `127.0.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
}

/**
 * Calls a database function through /rest/v1/rpc from the given local address, as a visitor at that address would.
 * The body is the answer's JSON (null when empty), of the shape T the caller expects: the caller's assertions check it.
 */
export function rpcFrom<T = unknown>(
  localAddress: string,
  name: string,
  args: unknown,
): Promise<{ status: number; body: T }> {
  const { hostname, port } = new URL(apiUrl());
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(args);
    const req = request(
      {
        host: hostname,
        port,
        localAddress,
        method: 'POST',
        path: `/rest/v1/rpc/${name}`,
        headers: { apikey: anonKey(), 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
