// `npm run bench:build -- [N] [--languages en|all] [--preset english|languages]`: builds the site from N generated
// districts three times (a first
// build with nothing kept, a rebuild with nothing changed, and a nightly rebuild after 1% of the districts
// changed), and two bare Astro sites in the same run: one of as many trivial pages as the site has HTML pages, one of
// as many as the site has outputs (pages, feeds and files). It prints, per build, the pages and files, how many
// outputs it rendered and how many it copied from the last build, wall time, CPU time, peak memory, and its ratio to
// each bare build. The site is built as `npm run build` builds it (scripts/build.mjs: one Astro build per core, at
// most two), so its peak memory is that of all its processes together, and its CPU time is printed beside its wall
// time; a bare build is one plain `astro build`. Uses its own embedded stack on BENCH_PORT_BASE (26000) ports and its
// own Astro cache folder. At a preset's size or more it judges that preset's goals (scripts/lib/buildGoals.mjs: each
// build's ratio to the bare build of as many HTML pages, the first and the nightly build's seconds, and every build's
// peak memory, and the first build's CPU seconds within 12x the bare build's) and exits 1 when one is missed (scripts/lib/goals.mjs).
// Languages: `--languages en` builds the English pages alone (SITE_LOCALES=en), `--languages all` every language
// (English, /es/ and /zh/: three pages per district page). The two sizes the budgets are set for are presets:
// `--preset english` is 20,000 districts in English (the default), `--preset languages` 13,500 districts (about every
// regular US school district) in all three languages; the budgets are judged at those sizes or more.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startStack } from './lib/embeddedStack.mjs';
import { changeSomeDistricts, loadScaleFixtures } from './lib/scaleFixtures.mjs';
import { BUILD_ENV, BUILD_NODE_ARGS, siteEnv } from './lib/site.mjs';
import { measure, printTable } from './lib/measure.mjs';
import { countOutputs, renderedSince } from './lib/buildOutputs.mjs';
import { Goals } from './lib/goals.mjs';
import { BUILD_GOALS, buildMisses } from './lib/buildGoals.mjs';
import { root } from './lib/stackConfig.mjs';
import { commandLine, refuse, wholeNumberOf } from './lib/commandLine.mjs';

const PRESETS = { english: { districts: 20_000, languages: 'en' }, languages: { districts: 13_500, languages: 'all' } };
const { values: flags, positionals } = commandLine({
  usage: `Usage: npm run bench:build -- [N] [--preset english|languages] [--languages en|all]
  N            districts to generate (default: the preset's, or BENCH_DISTRICTS)
  --preset     english: 20,000 districts in English (default); languages: 13,500 districts in en, es and zh
  --languages  en: the English pages alone; all: every language (default: the preset's)
Each option takes its value after a space or after '='.`,
  options: { preset: { type: 'string', default: 'english' }, languages: { type: 'string' } },
  positionals: 1,
});
const presetName = String(flags.preset);
if (!(presetName in PRESETS))
  refuse(`--preset must be one of ${Object.keys(PRESETS).join(', ')}; got '${presetName}'.`);
const presetKey = /** @type {keyof typeof PRESETS} */ (presetName);
const preset = PRESETS[presetKey];
const n = wholeNumberOf(positionals[0] ?? process.env.BENCH_DISTRICTS ?? String(preset.districts), 'N', 1);
const languages = flags.languages ?? preset.languages;
if (languages !== 'en' && languages !== 'all') refuse(`--languages must be en or all; got '${languages}'.`);
// The build's SITE_LOCALES: English alone, or every language (unset).
const localeEnv = languages === 'en' ? { SITE_LOCALES: 'en' } : {};
const base = Number.parseInt(process.env.BENCH_PORT_BASE ?? '26000', 10);
const work = mkdtempSync(join(tmpdir(), 'sbt-bench-build-'));
const astroBin = join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
// The bare builds run with the Node flags and environment every build of the site gets (scripts/build.mjs gives them to
// each shard).
// Neither gets a larger heap limit than `npm run build` has: a build that would run out of memory in production fails
// here too, rather than being measured.
const nodeArgs = BUILD_NODE_ARGS;
// The bare build renders as many pages at a time as the site does, so the ratio compares like with like.
const { concurrency = 1 } = (await import(pathToFileURL(join(root, 'astro.config.mjs')).href)).default.build ?? {};
const budgets = new Goals({ name: 'budget' });

/**
 * A bare Astro project beside the real one (so it resolves the same node_modules) with n trivial pages.
 * @param {number} pages
 */
function bareProject(pages) {
  const dir = join(root, '.data', 'bench-bare');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'src', 'pages'), { recursive: true });
  writeFileSync(
    join(dir, 'astro.config.mjs'),
    `import { defineConfig } from 'astro/config';\nexport default defineConfig({ output: 'static', build: { format: 'file', concurrency: ${concurrency} } });\n`,
  );
  writeFileSync(
    join(dir, 'src', 'pages', '[id].astro'),
    `---\nexport function getStaticPaths() {\n  return Array.from({ length: ${pages} }, (_, i) => ({ params: { id: String(i + 1) } }));\n}\nconst { id } = Astro.params;\n---\n<html lang="en"><head><title>Page {id}</title></head><body><h1>Page {id}</h1></body></html>\n`,
  );
  return dir;
}

/** @param {string} dir */
const countPages = (dir) => countOutputs(dir).pages;

const stack = await startStack({
  apiPort: base + 21,
  dbPort: base + 22,
  restPort: base + 31,
  dataDir: join(work, 'postgres'),
  reset: true,
  seed: false,
  quiet: true,
});
try {
  console.log(
    `Generating ${n} districts (pages in ${languages === 'en' ? 'English' : 'English, Spanish and Chinese'})…`,
  );
  const t0 = Date.now();
  const counts = await loadScaleFixtures(stack.dbUrl, { districts: n, onProgress: (line) => console.log(`  ${line}`) });
  console.log(`\n  ${JSON.stringify(counts)} in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  // The build reads as production's does: anon keeps its 3-second statement timeout, the limit the loader's batch size
  // is set for, so a build that would be cancelled on the host fails here too rather than being measured.
  const siteOut = join(work, 'site');
  /** @param {string} label */
  const siteBuild = async (label) => {
    console.log(`Building the site: ${label}…`);
    // Each build starts from an empty output folder, as on Netlify: kept pages come from the cache folder.
    rmSync(siteOut, { recursive: true, force: true });
    const since = Date.now();
    const m = await measure(process.execPath, [join(root, 'scripts', 'build.mjs')], {
      cwd: root,
      env: {
        ...siteEnv(stack),
        ...localeEnv,
        ASTRO_OUT_DIR: siteOut,
        ASTRO_CACHE_DIR: join(work, 'cache'),
        ASTRO_TELEMETRY_DISABLED: '1',
      },
    });
    return { label, m, ...countOutputs(siteOut), rendered: renderedSince(join(work, 'cache'), since).length };
  };
  const first = await siteBuild('first build, nothing kept');
  const unchanged = await siteBuild('rebuild, nothing changed');
  const changed = await changeSomeDistricts(stack.dbUrl, { step: 100 });
  const nightly = await siteBuild(`nightly rebuild, ${changed} districts changed`);
  rmSync(siteOut, { recursive: true, force: true });

  // Two yardsticks, measured in this run: a bare Astro build of as many HTML pages as the site has (the budgets judge
  // this one: a feed or a calendar is a cheap file, and counting it as a page would flatter the site), and one of as
  // many pages as the site has outputs (pages and files).
  /** @param {number} pages */
  const bareBuild = async (pages) => {
    console.log(`Building a bare Astro site of ${pages} pages…`);
    const bareDir = bareProject(pages);
    const m = await measure(process.execPath, [...nodeArgs, astroBin, 'build', '--root', bareDir], {
      cwd: bareDir,
      env: { ...BUILD_ENV, ASTRO_TELEMETRY_DISABLED: '1' },
    });
    const built = countPages(join(bareDir, 'dist'));
    rmSync(bareDir, { recursive: true, force: true });
    return { m, pages: built };
  };
  const barePages = await bareBuild(first.pages);
  const bareOutputs = await bareBuild(first.pages + first.files);

  /**
   * A build's CPU seconds over a bare build's, as printed.
   * @param {{ cpuSeconds: number | null }} m
   * @param {{ cpuSeconds: number | null }} bare
   */
  const cpuRatio = (m, bare) =>
    m.cpuSeconds && bare.cpuSeconds ? (m.cpuSeconds / bare.cpuSeconds).toFixed(2) + 'x' : 'n/a';
  /**
   * @param {string} name
   * @param {{ pages: number, files?: number, rendered?: number }} outputs
   * @param {{ seconds: number, peakMB: number | null, cpuSeconds: number | null }} m
   */
  const row = (name, { pages, files = 0, rendered }, m) => ({
    build: name,
    pages,
    files,
    rendered: rendered ?? pages + files,
    copied: pages + files - (rendered ?? pages + files),
    'wall s': m.seconds.toFixed(1),
    'cpu s': m.cpuSeconds === null ? 'n/a' : m.cpuSeconds.toFixed(0),
    'peak MB': m.peakMB === null ? 'n/a' : m.peakMB.toFixed(0),
    'x bare (pages)': (m.seconds / barePages.m.seconds).toFixed(2) + 'x',
    'cpu x bare (pages)': cpuRatio(m, barePages.m),
    'x bare (outputs)': (m.seconds / bareOutputs.m.seconds).toFixed(2) + 'x',
    'cpu x bare (outputs)': cpuRatio(m, bareOutputs.m),
  });
  console.log('');
  printTable([
    ...[first, unchanged, nightly].map((b) => row(`site: ${b.label}`, b, b.m)),
    row(`bare Astro, ${barePages.pages} trivial pages`, { pages: barePages.pages }, barePages.m),
    row(`bare Astro, ${bareOutputs.pages} trivial pages`, { pages: bareOutputs.pages }, bareOutputs.m),
  ]);
  console.log(
    '\nRatios, of wall seconds and of CPU seconds (every process of the build, its shards together): to a bare Astro build of as many HTML pages as the site has (judged), and of as many pages as its outputs.',
  );
  if (n >= preset.districts && languages === preset.languages) {
    for (const miss of buildMisses(
      BUILD_GOALS[presetKey],
      { first, unchanged, nightly },
      barePages.m.seconds,
      barePages.m.cpuSeconds,
    ))
      budgets.check(false, miss);
  } else {
    budgets.notJudged(
      `the ${presetKey} preset's budgets are set for ${preset.districts} districts (${preset.languages === 'en' ? 'in English' : 'in every language'}); this run built ${n}${languages === preset.languages ? '' : ` in ${languages === 'en' ? 'English' : 'every language'}`}.`,
    );
  }
} finally {
  await stack.stop();
  rmSync(work, { recursive: true, force: true });
}
budgets.end();
