// `npm run build` on a machine with two cores builds the site as two Astro builds, each a shard of the districts, and
// moves the second's outputs into the first's folder (scripts/build.mjs). The site it makes is the site a single
// build makes: the same files with the same contents, one sitemap index listing every page. A rebuild in shards keeps
// what did not change, renders a changed district of the second shard again, and leaves nothing of a removed one.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderedSince } from '../../scripts/lib/buildOutputs.mjs';
import { siteBuildEnv, sql } from './helpers';

const ROOT = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'sbt-build-shards-'));
const whole = { outDir: join(work, 'whole-dist'), cacheDir: join(work, 'whole-cache') };
const sharded = { outDir: join(work, 'sharded-dist'), cacheDir: join(work, 'sharded-cache') };

/** `npm run build` with the given shards and folders; resolves with what it printed and the outputs it rendered. */
function build(shards: number, { outDir, cacheDir }: typeof whole): Promise<{ output: string; rendered: string[] }> {
  const since = Date.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(ROOT, 'scripts/build.mjs')], {
      cwd: ROOT,
      env: siteBuildEnv({ BUILD_SHARDS: String(shards), ASTRO_OUT_DIR: outDir, ASTRO_CACHE_DIR: cacheDir }),
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) =>
      code === 0
        ? done({ output, rendered: renderedSince(cacheDir, since) })
        : fail(new Error(`npm run build exited with ${code}:\n${output.slice(-4000)}`)),
    );
  });
}

/** Every file of a built site, as paths inside it, the sitemaps aside. */
function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile() && !/^sitemap-/.test(f.name))
    .map((f) => relative(dir, join(f.parentPath, f.name)))
    .sort();
}
/** Every address the site's sitemap index leads to, and whether each sitemap it names is there. */
function sitemapAddresses(dir: string): string[] {
  const index = readFileSync(join(dir, 'sitemap-index.xml'), 'utf8');
  const maps = [...index.matchAll(/<loc>[^<]*\/(sitemap-[^<]+\.xml)<\/loc>/g)].map((m) => m[1]);
  expect(maps.length).toBeGreaterThan(0);
  return maps
    .flatMap((map) => [...readFileSync(join(dir, map), 'utf8').matchAll(/<url><loc>([^<]+)<\/loc>/g)].map((m) => m[1]))
    .sort();
}
const read = (dir: string, path: string) => readFileSync(join(dir, path), 'utf8');
/** A calendar's DTSTAMP is the time its build read the district: the one line two builds may write differently. */
const comparable = (path: string, text: string) =>
  path.endsWith('.ics') ? text.replace(/^DTSTAMP:.*$/gm, 'DTSTAMP') : text;

describe('a build in two shards', { timeout: 900_000 }, () => {
  // A district of this test's own in the second shard (an odd id), with a board member, removed in the last test.
  let own = 0;
  beforeAll(async () => {
    [{ id: own }] = await sql<{ id: number }>(
      `select coalesce(max(id), 0) + 1 + (coalesce(max(id), 0) % 2) as id from public.districts`,
    );
    await sql(`insert into public.districts (id, name) values ($1, 'Second Shard District')`, [own]);
    await sql(
      `insert into public.votings ("districtId", type, "voteDate", issue, outcome, votes) values ($1, 'recent', '2025-06-17', 'Adopt the budget', 'Passed (1-0)', '[{"name":"Shard Member","vote":"Yes"}]')`,
      [own],
    );
  });
  afterAll(async () => {
    await sql('delete from public.districts where id = $1', [own]);
    rmSync(work, { recursive: true, force: true });
  });

  it('makes the site a single build makes: the same files, the same contents, every page in the sitemap', async () => {
    await build(1, whole);
    const { output } = await build(2, sharded);
    expect(output).toMatch(/\[shard 2\/2\] .*district pages in shard 2 of 2/);
    expect(output).toMatch(/2 shards built in [\d.]+ s; \d+ outputs of the other shards moved into /);
    const made = files(sharded.outDir);
    expect(made).toEqual(files(whole.outDir));
    expect(made).toContain(`${own}.html`);
    expect(made).toContain(`${own}/members/shard-member.html`);
    for (const path of made)
      expect(comparable(path, read(sharded.outDir, path)), path).toBe(comparable(path, read(whole.outDir, path)));
    expect(sitemapAddresses(sharded.outDir)).toEqual(sitemapAddresses(whole.outDir));
    // Nothing of the second shard's own folder stays behind in the site.
    expect(made.some((path) => path.includes('shards'))).toBe(false);
  });

  it('keeps what did not change, renders a changed district of the second shard again, and leaves nothing of a removed one', async () => {
    const [{ phone }] = await sql<{ phone: string }>('select phone from public.districts where id = 3');
    await sql(`update public.districts set phone = '(650) 555-0199' where id = 3`);
    await sql('delete from public.districts where id = $1', [own]);
    try {
      const kept = read(sharded.outDir, '5.html');
      const { rendered } = await build(2, sharded);
      expect(rendered).toContain('3.html');
      expect(read(sharded.outDir, '3.html')).toContain('(650) 555-0199');
      expect(rendered).not.toContain('5.html');
      expect(read(sharded.outDir, '5.html')).toBe(kept);
      for (const file of [`${own}.html`, `${own}/members/shard-member.html`, `${own}/votes.csv`])
        expect(existsSync(join(sharded.outDir, file)), file).toBe(false);
      expect(sitemapAddresses(sharded.outDir).some((address) => address.endsWith(`/${own}`))).toBe(false);
    } finally {
      await sql('update public.districts set phone = $1 where id = 3', [phone]);
    }
  });
});
