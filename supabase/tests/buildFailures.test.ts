// The nightly build against a database that is not there, refuses the key or is empty: it must fail loudly
// with one clear message and leave the last good site in place; bad rows only warn.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startStack } from '../../scripts/lib/embeddedStack.mjs';
import { anonKey, apiUrl, siteBuildEnv, sql } from './helpers';

const root = resolve(import.meta.dirname, '../..');
const astro = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
const work = mkdtempSync(join(tmpdir(), 'sbt-build-failures-'));

/**
 * Builds the site into outDir against the given Supabase address and key; resolves with exit code and output.
 * Asynchronous on purpose: the empty database's gateway runs in this process and must keep answering.
 */
function build(
  url: string,
  key: string,
  outDir: string,
  cacheDir = join(work, 'cache'),
): Promise<{ code: number | null; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [astro, 'build'], {
      cwd: root,
      env: siteBuildEnv({
        PUBLIC_SUPABASE_URL: url,
        PUBLIC_SUPABASE_ANON_KEY: key,
        ASTRO_OUT_DIR: outDir,
        ASTRO_CACHE_DIR: cacheDir,
      }),
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => done({ code, output }));
  });
}

/** A folder holding a previous good build, to check a failed build leaves it alone. */
function lastGoodSite(name: string) {
  const dir = join(work, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), '<h1>last good build</h1>');
  return dir;
}

describe('the nightly build', { timeout: 240_000 }, () => {
  let empty: { apiUrl: string; anonKey: string; stop: () => Promise<void> };
  beforeAll(async () => {
    const port = Number(new URL(apiUrl()).port) + 50;
    empty = await startStack({
      apiPort: port,
      dbPort: port + 1,
      restPort: port + 2,
      dataDir: join(work, 'empty-db'),
      reset: true,
      seed: false,
      quiet: true,
    });
  });
  afterAll(async () => {
    await empty?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('fails with one clear message when the database is unreachable, and keeps the last good site', async () => {
    const out = lastGoodSite('unreachable');
    const { code, output } = await build('http://127.0.0.1:9', anonKey(), out);
    expect(code).not.toBe(0);
    expect(output).toContain('Cannot reach the database at http://127.0.0.1:9');
    expect(output).toContain('The build stops here so the last good site stays published.');
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('<h1>last good build</h1>');
  });

  it('fails with one clear message when the database refuses the key', async () => {
    const out = lastGoodSite('refused');
    const { code, output } = await build(apiUrl(), 'not-the-anon-key', out);
    expect(code).not.toBe(0);
    expect(output).toMatch(
      /The database at http:\/\/127\.0\.0\.1:\d+ refused the key in PUBLIC_SUPABASE_ANON_KEY \(401: Invalid API key\)\./,
    );
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('<h1>last good build</h1>');
  });

  it('refuses to build with a secret key in PUBLIC_SUPABASE_ANON_KEY, which every page would publish', async () => {
    const out = lastGoodSite('secret-key');
    const { code, output } = await build(apiUrl(), process.env.TEST_SERVICE_ROLE_KEY ?? '', out);
    expect(code).not.toBe(0);
    expect(output).toContain('PUBLIC_SUPABASE_ANON_KEY holds a service_role key');
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('<h1>last good build</h1>');
  });

  it('fails with one clear message when the database has no districts', async () => {
    const out = lastGoodSite('empty');
    const { code, output } = await build(empty.apiUrl, empty.anonKey, out);
    expect(code).not.toBe(0);
    expect(output).toContain(`The database at ${empty.apiUrl} returned no districts.`);
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toBe('<h1>last good build</h1>');
  });

  it('succeeds with a warning per bad row, naming its table and id, also for rich text too deep or too long to parse', async () => {
    // A district of this test's own with the rows that once held a build at full CPU for more than ten minutes.
    const [{ id: district }] = await sql<{ id: number }>(
      `insert into public.districts (name) values ('Hostile Rows District') returning id`,
    );
    try {
      const [{ id: deep }] = await sql<{ id: number }>(
        `insert into public.meetings ("districtId", date, title, summary) values ($1, '2026-11-17', 'Deep Summary Meeting', $2) returning id`,
        [district, '<b>'.repeat(100_000) + 'x' + '</b>'.repeat(100_000)],
      );
      const [{ id: unclosed }] = await sql<{ id: number }>(
        `insert into public.topics ("districtId", title, description) values ($1, 'Unclosed Tags Topic', $2) returning id`,
        [district, '<i>'.repeat(14_000) + 'x'],
      );
      const out = join(work, 'good');
      const { code, output } = await build(apiUrl(), anonKey(), out);
      expect(code, output).toBe(0);
      expect(output).toMatch(/votings row id=\d+: votes: not an array of \{name, vote\}; shown as no votes/);
      expect(output).toContain(
        `meetings row id=${deep}: summary: is 700,001 characters long, over the 100,000 allowed; shown without a summary`,
      );
      expect(output).toContain(
        `topics row id=${unclosed}: description: nests tags more than 50 levels deep; shown without a description`,
      );
      expect(existsSync(join(out, '1.html'))).toBe(true);
      const page = readFileSync(join(out, `${district}.html`), 'utf8');
      expect(page).toContain('Deep Summary Meeting');
      expect(page).toContain('Unclosed Tags Topic');
    } finally {
      await sql('delete from public.districts where id = $1', [district]);
    }
  });

  it('a nightly rebuild reads and sanitises only the districts that changed, and their pages show the change', async () => {
    const [{ phone }] = await sql<{ phone: string }>('select phone from public.districts where id = 2');
    await sql(`update public.districts set phone = '(650) 555-0199' where id = 2`);
    try {
      const out = join(work, 'nightly');
      const { code, output } = await build(apiUrl(), anonKey(), out);
      expect(code).toBe(0);
      // District 2; district 1, whose bad row is read and reported on every build, is read again too.
      expect(output).toMatch(
        /district pages: 1 new or changed, read and sanitised; 1 with problems read again to report them; \d+ kept from the last build/,
      );
      expect(readFileSync(join(out, '2.html'), 'utf8')).toContain('(650) 555-0199');
      expect(readFileSync(join(out, '3.html'), 'utf8')).toBe(readFileSync(join(work, 'good', '3.html'), 'utf8'));
    } finally {
      await sql('update public.districts set phone = $1 where id = 2', [phone]);
    }
  });
});
