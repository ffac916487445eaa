// A nightly build never serves a page made by old code: a copy of the site is built, a rule the district page depends
// on is changed in the copy (the time stamp rule in video.ts, a path rule in paths.ts), and the next build's page shows
// the change; a change to a file no district page uses (a form island) re-renders no district, and a changed message
// of one language's catalogue re-renders only that language's pages that show it; a change that renames the client
// bundles a district page names makes the page again, so no kept page names a script the site no longer has. The kept
// outputs are put back in the output folder before Astro renders (keptOutputs.ts): a changed district is still
// rendered again, and a removed district's pages and files are gone from the site.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderedSince } from '../../scripts/lib/buildOutputs.mjs';
import { siteBuildEnv, sql } from './helpers';

const ROOT = resolve(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'sbt-kept-pages-'));
const site = join(work, 'site');
const [outDir, cacheDir] = [join(work, 'dist'), join(work, 'cache')];

/** Builds the copy against the test database; resolves with what the build printed and the outputs it rendered. */
function build(): Promise<{ output: string; rendered: string[] }> {
  const since = Date.now();
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(site, 'node_modules/astro/bin/astro.mjs'), 'build'], {
      cwd: site,
      env: siteBuildEnv({ ASTRO_OUT_DIR: outDir, ASTRO_CACHE_DIR: cacheDir }),
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) =>
      code === 0
        ? done({ output, rendered: renderedSince(cacheDir, since) })
        : fail(new Error(`astro build exited with ${code}:\n${output}`)),
    );
  });
}
/** Changes a file of the copy as an engineer would. */
function change(file: string, from: string, to: string) {
  const path = join(site, file);
  const text = readFileSync(path, 'utf8');
  expect(text).toContain(from);
  writeFileSync(path, text.replace(from, to));
}
const page = (path: string) => readFileSync(join(outDir, path), 'utf8');
/** The time stamps of district 1's pages made into buttons (they open the video popup). */
const timestampButtons = () => (page('1.html').match(/data-timestamp=/g) ?? []).length;
/** The district outputs (pages, members' pages, feeds, files: every path under a numeric id) a build rendered. */
const districtOutputs = (rendered: string[]) => rendered.filter((path) => /^\d+(\.html|\/)/.test(path));
/** The client files a page names (its islands' bundles, their renderer, its scripts and styles) that the site lacks. */
const missingClientFiles = (path: string) =>
  [...new Set([...page(path).matchAll(/"\/_astro\/([^"]+)"/g)].map((match) => match[1]))].filter(
    (file) => !existsSync(join(outDir, '_astro', file)),
  );
/** '120 district pages: 0 new or changed, …' as the loader reports it. */
const reread = (output: string) => Number(/(\d+) new or changed/.exec(output)?.[1]);

describe('the kept district pages follow the code that made them', { timeout: 900_000 }, () => {
  let first: Awaited<ReturnType<typeof build>>;
  // A district of this test's own, with a board member, removed in the last test.
  let own = 0;
  beforeAll(async () => {
    // supabase/functions/_shared holds the feed addresses' rule, which the site imports too; the search page rendered
    // on demand reads netlify.toml's headers with the local server's rules (scripts/lib/netlifyRules.mjs).
    for (const entry of [
      'src',
      'public',
      'supabase/functions',
      'scripts',
      'netlify.toml',
      'astro.config.mjs',
      'tsconfig.json',
      'package.json',
      'package-lock.json',
    ])
      cpSync(join(ROOT, entry), join(site, entry), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules'), join(site, 'node_modules'));
    [{ id: own }] = await sql<{ id: number }>(
      `insert into public.districts (name) values ('Kept Outputs District') returning id`,
    );
    await sql(
      `insert into public.votings ("districtId", type, "voteDate", issue, outcome, votes) values ($1, 'recent', '2025-06-17', 'Adopt the budget', 'Passed (1-0)', '[{"name":"Kept Member","vote":"Yes"}]')`,
      [own],
    );
  });
  afterAll(async () => {
    await sql('delete from public.districts where id = $1', [own]);
    rmSync(work, { recursive: true, force: true });
  });

  it('a first build of the copy makes and keeps every district page', async () => {
    first = await build();
    expect(reread(first.output)).toBeGreaterThan(0);
    expect(first.rendered).toContain('1.html');
  });

  it('a change to the video link rule (videoLinks.ts) makes every page again, and the page shows it', async () => {
    const before = timestampButtons();
    expect(before).toBeGreaterThan(0);
    // Short links (youtu.be/ID) stop counting as videos: their meetings' time stamps are no longer buttons.
    change('src/lib/record/videoLinks.ts', "host === 'youtu.be'", "host === 'youtu.be.invalid'");
    const { output, rendered } = await build();
    expect(reread(output)).toBe(reread(first.output));
    expect(timestampButtons()).toBeLessThan(before);
    expect(rendered).toContain('1.html');
  });

  it('a change to a path rule (paths.ts) makes every page again, and the page shows it', async () => {
    expect(page('1.html')).toContain('/images/districts/1.svg');
    change('src/lib/paths.ts', "1: '/images/districts/1.svg'", "1: '/images/districts/default.svg'");
    const { output, rendered } = await build();
    expect(reread(output)).toBe(reread(first.output));
    expect(page('1.html')).not.toContain('/images/districts/1.svg');
    expect(districtOutputs(rendered).length).toBeGreaterThan(0);
  });

  it('a change to a file no district page uses (the agenda vote form) re-renders no district', async () => {
    change('src/components/islands/AgendaVoteForm.tsx', '"cast-your-vote"', '"cast-my-vote"');
    const { output, rendered } = await build();
    expect(reread(output)).toBe(0);
    expect(districtOutputs(rendered)).toEqual([]);
    // The page that uses the form shows the change.
    expect(page('votingPAUSD.html')).toContain('cast-my-vote');
    expect(missingClientFiles('1.html')).toEqual([]);
  });

  it('a change that renames the bundles a district page names (code it does not run moves) makes its pages again', async () => {
    const before = page('1.html');
    expect(missingClientFiles('1.html')).toEqual([]);
    // The district search (on no district page) starts to use two modules the record search's island holds: the
    // bundler moves them into a bundle of their own, so the bundles of the islands a district page names are renamed,
    // while nothing in the district page's own code changed.
    change(
      'src/components/islands/DistrictSearch.tsx',
      "import { localizedPath, type Locale } from '../../i18n/locales';",
      [
        "import { localizedPath, type Locale } from '../../i18n/locales';",
        "import { drawRecordResults } from '../../search/browser/recordResults';",
        "import { showSearchFeed } from '../../search/browser/searchFeed';",
        '(globalThis as Record<string, unknown>).recordSearchParts = [drawRecordResults, showSearchFeed];',
      ].join('\n'),
    );
    const { output, rendered } = await build();
    expect(reread(output)).toBe(0);
    const member = rendered.find((path) => /^1\/members\/.+\.html$/.test(path));
    expect(rendered).toContain('1.html');
    expect(member).toBeDefined();
    expect(page('1.html')).not.toBe(before);
    for (const path of ['1.html', 'es/1.html', member!]) expect(missingClientFiles(path), path).toEqual([]);
  });

  it('a changed Spanish message renders again only the Spanish district pages that show it', async () => {
    change('src/i18n/messages/es.json', '"subscribe.submit": "Suscribirse"', '"subscribe.submit": "Suscríbase"');
    const { rendered } = await build();
    // Every output of a district, in any language: /1.html, /es/1.html, /zh/1/members/….
    const districts = rendered.filter((path) => /^((es|zh)\/)?\d+(\.html|\/)/.test(path));
    expect(districts.length).toBeGreaterThan(0);
    // The district pages in Spanish (which hold the subscribe form), not their English or Chinese twins, nor members' pages.
    expect(districts.filter((path) => !/^es\/\d+\.html$/.test(path))).toEqual([]);
    expect(page('es/1.html')).toContain('Suscríbase');
    expect(page('1.html')).toContain('>Subscribe<');
  });

  it('a rebuild keeps what did not change, renders a changed district again, and leaves nothing of a removed one', async () => {
    const ownFiles = [`${own}.html`, `${own}/members/kept-member.html`, `${own}/votes.csv`, `${own}/summaries.xml`];
    for (const file of ownFiles) expect(existsSync(join(outDir, file)), file).toBe(true);
    const [{ phone }] = await sql<{ phone: string }>('select phone from public.districts where id = 2');
    await sql(`update public.districts set phone = '(650) 555-0142' where id = 2`);
    await sql('delete from public.districts where id = $1', [own]);
    try {
      const kept = readFileSync(join(outDir, '3.html'), 'utf8');
      const { output, rendered } = await build();
      expect(output).toMatch(/\d+ outputs of the last build put back in the output folder/);
      // District 2 is rendered again and shows its new phone; district 3 is kept as it was, not rendered.
      expect(rendered).toContain('2.html');
      expect(page('2.html')).toContain('(650) 555-0142');
      expect(rendered).not.toContain('3.html');
      expect(page('3.html')).toBe(kept);
      expect(missingClientFiles('3.html')).toEqual([]);
      // The removed district: no page, member page, feed or file in the site, nor in Astro's cache folder.
      for (const file of ownFiles) {
        expect(existsSync(join(outDir, file)), file).toBe(false);
        expect(existsSync(join(cacheDir, 'dist', file)), file).toBe(false);
      }
      expect(existsSync(join(outDir, String(own)))).toBe(false);
    } finally {
      await sql('update public.districts set phone = $1 where id = 2', [phone]);
    }
  });
});
