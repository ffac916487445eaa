// Shared helpers for database tests: the embedded stack's addresses (set by scripts/test.mjs) and clients.
import { request } from 'node:http';
import pg from 'pg';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the database tests through \`npm test\`, which starts the embedded stack.`);
  return value;
}

export const apiUrl = () => required('TEST_API_URL');
export const anonKey = () => required('TEST_ANON_KEY');
export const dbUrl = () => required('TEST_DB_URL');

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

/** Calls /rest/v1 the way the browser does, with the anon key unless told otherwise. */
export async function rest(path: string, init: RequestInit & { key?: string | null } = {}): Promise<{ status: number; body: any }> {
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
  return { status: res.status, body };
}

/** Calls a database function through /rest/v1/rpc with a JSON body. */
export function rpc(name: string, args: unknown, init: RequestInit & { key?: string | null } = {}) {
  return rest(`/rpc/${name}`, { method: 'POST', body: JSON.stringify(args), ...init });
}

/** A loopback address of its own (127.0.x.y), for a test that needs a visitor apart from every other request. */
export function newClientAddress(): string {
  return `127.0.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
}

/** Calls a database function through /rest/v1/rpc from the given local address, as a visitor at that address would. */
export function rpcFrom(localAddress: string, name: string, args: unknown): ReturnType<typeof rest> {
  const { hostname, port } = new URL(apiUrl());
  return new Promise((resolve, reject) => {
    const body = JSON.stringify(args);
    const req = request(
      { host: hostname, port, localAddress, method: 'POST', path: `/rest/v1/rpc/${name}`, headers: { apikey: anonKey(), 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
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
