// `npm run bench:pages`: builds the site on the embedded stack, serves it with gzip and prints, per route,
// the bytes loaded before any interaction (HTML, CSS, JS, gzipped) at a phone's and a desktop's width, the
// request count, and Lighthouse's mobile-preset scores and metrics (median of BENCH_RUNS, default 3).
// Then, on an emulated slow phone (400 kbps, 400 ms round trip, CPU 4x slower), per route the medians of the time until
// the main heading is shown, until the first content can be read, and until a tap made the moment the heading shows (on
// a tab, or Expand) takes effect, with the bytes and requests. BENCH_LIGHTHOUSE=0 skips Lighthouse (to compare the
// slow-phone figures of another version quickly); BENCH_ROUTES (a comma-separated list) measures only those routes.
// Exits 1 when a budget is broken (scripts/lib/goals.mjs). No page loads an outside address before the visitor acts
// (Google's sign-in script waits for the visitor to reach for its button, the video player for a time stamp's click),
// so every budget can be judged on a machine without internet.
// Uses its own ports (BENCH_PORT_BASE, default 26200).
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { startStack } from './lib/embeddedStack.mjs';
import { buildSite } from './lib/site.mjs';
import { serveStatic } from './lib/staticServer.mjs';
import { median, printTable } from './lib/measure.mjs';
import { Goals } from './lib/goals.mjs';
import { commandLine } from './lib/commandLine.mjs';
import { PAGE_GOALS } from './lib/benchGoals.mjs';

commandLine({
  usage: `Usage: npm run bench:pages
Builds and serves the site and measures every route's bytes, Lighthouse scores and slow-phone times.
Settings (environment): BENCH_RUNS (3), BENCH_PORT_BASE (26200), BENCH_LIGHTHOUSE=0 (skip Lighthouse),
BENCH_ROUTES (a comma-separated list of routes), CHROMIUM_PATH.
It takes no arguments.`,
});

// Every kind of page: the district page on each tab (and in Spanish and Chinese), a member's page, a state's list, the
// record search, the email links' pages, and the site's own.
const ROUTES = [
  '/',
  '/search',
  '/about',
  '/1',
  '/1?tab=topics',
  '/1?tab=voting',
  '/1/members/maria-okafor',
  '/states/CA',
  '/search/records?q=budget',
  '/votingPAUSD',
  '/login',
  '/confirm?token=abc',
  '/unsubscribe?token=abc',
  // The district page, the record search, the vote form and the email links' pages in Spanish and Chinese: the same
  // budgets as in English (their words are put in at build time, an island's as its props).
  '/es/1',
  '/zh/1',
  '/zh/1?tab=voting',
  '/es/search/records?q=budget',
  '/zh/votingPAUSD',
  '/es/confirm?token=abc',
  '/zh/unsubscribe?token=abc',
];
// Budgets for JavaScript on first load (gzipped, before any interaction), per route, and Lighthouse scores on every
// route. No page loads React until the reader acts (its islands sleep until the first focus, tap or key: reading
// needs none). What a page has live to show by itself (a search link's results, the vote page's residents' totals)
// its own small script shows.
/** @type {Record<string, number>} */
const JS_BUDGET_KB = Object.fromEntries(
  ROUTES.map((route) => [route, route === '/about' ? PAGE_GOALS.jsKB.about : PAGE_GOALS.jsKB.other]),
);
// BENCH_ROUTES=/,/search measures only those routes (a quick look at a few pages); unset, every route.
const only = process.env.BENCH_ROUTES
  ? new Set(process.env.BENCH_ROUTES.split(',').map((route) => route.trim()))
  : null;
/** @param {string} route */
const measured = (route) => only === null || only.has(route.split('#')[0]);
// A tap made the moment the page is shown takes effect at once: it waits for no island (slow-phone profile).
const TAP_BUDGET_MS = PAGE_GOALS.tapMs;
// The slow phone: 400 kbps both ways, 400 ms round trip, a CPU 4x slower than this machine's.
const SLOW_PHONE = {
  latency: 400,
  downloadThroughput: (400 * 1000) / 8,
  uploadThroughput: (400 * 1000) / 8,
  cpuRate: 4,
};
// Per route: what shows the content can be read, and the tap to time (null: the route has no tab or Expand).
// The Topics and Voting taps land in islands that have not loaded: the board script shows them at once (a vote marked
// pressed, a topic shown, a column marked sorted) and the island sends or sorts when it has loaded. Labels after '#'
// name a second probe of the same address.
/** @typedef {{ readable: string, tap: { target: string, effect: string, choose?: string } | null }} SlowRoute */
/** @type {Record<string, SlowRoute>} */
const SLOW_ROUTES = {
  '/': { readable: 'h1', tap: null },
  '/1': {
    readable: '#panel-meetings .meeting-card h3',
    tap: { target: '#panel-meetings .meeting-toggle', effect: '#panel-meetings .meeting-toggle[aria-expanded="true"]' },
  },
  '/1?tab=topics': {
    readable: '#panel-topics h3 >> visible=true',
    tap: {
      target: '#panel-topics .topic-detail:not([hidden]) [data-vote="up"]',
      effect: '#panel-topics [data-vote="up"][aria-pressed="true"]',
    },
  },
  '/1?tab=topics#another topic': {
    readable: '#panel-topics h3 >> visible=true',
    tap: {
      target: '#panel-topics .topic-bar [role="tab"][aria-selected="false"]',
      effect: '#panel-topics .topic-bar[data-answered]',
    },
  },
  '/1?tab=voting': {
    readable: '#panel-voting table',
    tap: {
      target: '#panel-voting select[data-sort-control="direction"]',
      choose: 'ascending',
      effect: '#panel-voting th[data-sort-key="date"][aria-sort="ascending"]',
    },
  },
  '/1?tab=voting#another tab': {
    readable: '#panel-voting table',
    tap: { target: '#tab-meetings', effect: '#panel-meetings:not([hidden])' },
  },
  '/votingPAUSD': { readable: 'fieldset', tap: null },
};
/** @type {Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>} */
const SCORE_BUDGET = PAGE_GOALS.scores;
// Islands hydrate when visible, so what loads depends on the width: a phone (Lighthouse's mobile screen) and a desktop.
const VIEWPORTS = { phone: { width: 412, height: 823 }, desktop: { width: 1280, height: 800 } };
const runs = Number.parseInt(process.env.BENCH_RUNS ?? '3', 10);
const base = Number.parseInt(process.env.BENCH_PORT_BASE ?? '26200', 10);
const chromePath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : chromium.executablePath());
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/**
 * Bytes (as transferred, gzipped) by kind, and the requests of one page load at one width, before any interaction.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {{ width: number, height: number }} viewport
 */
async function pageBytes(browser, url, viewport) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  /** @type {import('@playwright/test').Request[]} */
  const finished = [];
  let failed = 0;
  page.on('requestfinished', (request) => finished.push(request));
  page.on('requestfailed', () => (failed += 1));
  await page.goto(url, { waitUntil: 'networkidle' });
  const totals = { html: 0, css: 0, js: 0, other: 0, requests: finished.length, failed };
  for (const request of finished) {
    const sizes = await request.sizes();
    const type = request.resourceType();
    const kind = type === 'document' ? 'html' : type === 'stylesheet' ? 'css' : type === 'script' ? 'js' : 'other';
    totals[kind] += sizes.responseBodySize;
  }
  await context.close();
  return totals;
}

/** @typedef {{ input: number | null, effect: number | null }} TapTiming */

/** Thrown to leave out Lighthouse (BENCH_LIGHTHOUSE=0). */
class SkipLighthouse extends Error {}

/**
 * One load on the slow phone: ms from navigation until the main heading is visible, then either until the route's
 * content can be read, or (withTap) from a tap made right then until its effect shows (null when it never did); bytes
 * and requests until the network is idle.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {SlowRoute} probe
 * @param {boolean} withTap
 */
async function slowPhoneLoad(browser, url, probe, withTap) {
  const context = await browser.newContext({ viewport: VIEWPORTS.phone, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: SLOW_PHONE.latency,
    downloadThroughput: SLOW_PHONE.downloadThroughput,
    uploadThroughput: SLOW_PHONE.uploadThroughput,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuRate });
  let bytes = 0;
  let requests = 0;
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength;
    requests += 1;
  });
  if (withTap) {
    await page.addInitScript(() => {
      /** @type {TapTiming} */
      const timing = { input: null, effect: null };
      /** @type {Window & { __tapTiming?: TapTiming }} */ (window).__tapTiming = timing;
      addEventListener(
        'click',
        (event) => {
          timing.input ??= event.timeStamp;
        },
        true,
      );
      addEventListener(
        'change',
        (event) => {
          timing.input ??= event.timeStamp;
        },
        true,
      );
      new MutationObserver(() => {
        if (timing.input !== null) timing.effect ??= performance.now();
      }).observe(document, {
        subtree: true,
        attributes: true,
        attributeFilter: ['hidden', 'aria-expanded', 'aria-selected', 'aria-pressed', 'aria-sort'],
      });
    });
  }
  const start = Date.now();
  await page.goto(url, { waitUntil: 'commit' });
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 60_000 });
  const heading = Date.now() - start;
  /** @type {number | null} */
  let tap = null;
  if (withTap && probe.tap) {
    const target = page.locator(probe.tap.target).first();
    // A phone's sort control is a select: the visitor picks an option (a change, not a click).
    if (probe.tap.choose) await target.selectOption(probe.tap.choose, { timeout: 60_000 });
    else await target.tap({ timeout: 60_000 });
    try {
      await page.locator(probe.tap.effect).first().waitFor({ state: 'attached', timeout: 10_000 });
      // Timed in the page, from the tap's input event to the first change it made: what the visitor waits, without
      // the test driver's own steps.
      tap = await page.evaluate(() => {
        const timing = /** @type {Window & { __tapTiming?: TapTiming }} */ (window).__tapTiming;
        return timing?.effect != null && timing.input != null ? timing.effect - timing.input : null;
      });
    } catch {
      tap = null; // the tap was lost: nothing listened yet
    }
  }
  // (A tap may hide what is read, e.g. another tab: the reading is timed in loads without one.)
  const readable = withTap
    ? null
    : (await page.locator(probe.readable).first().waitFor({ state: 'visible', timeout: 60_000 }), Date.now() - start);
  await page.waitForLoadState('networkidle', { timeout: 120_000 });
  await context.close();
  return { heading, readable, tap, bytes, requests };
}

/**
 * Lighthouse's scores and metrics for one load of url, in the Chrome listening on port. A load whose trace Lighthouse
 * could not record (NO_NAVSTART on a busy machine: 'Please run Lighthouse again') is run again, three times at most.
 * @param {string} url
 * @param {number} port
 */
async function lighthouseScores(url, port) {
  let result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(SCORE_BUDGET),
  });
  for (let again = 0; again < 2 && result?.lhr.runtimeError; again += 1) {
    result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(SCORE_BUDGET),
    });
  }
  if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
  const { lhr } = result;
  const { categories, audits, runtimeError } = lhr;
  if (runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${runtimeError.code} ${runtimeError.message}`);
  return {
    performance: (categories.performance.score ?? 0) * 100,
    accessibility: (categories.accessibility.score ?? 0) * 100,
    'best-practices': (categories['best-practices'].score ?? 0) * 100,
    seo: (categories.seo.score ?? 0) * 100,
    fcp: audits['first-contentful-paint'].numericValue,
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    // Lighthouse's measure of this machine's CPU speed: a busy or slow machine inflates TBT.
    cpuIndex: lhr.environment.benchmarkIndex,
    failing: Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => a.id),
  };
}

const work = mkdtempSync(join(tmpdir(), 'sbt-bench-pages-'));
const outDir = join(work, 'dist');
const stack = await startStack({
  apiPort: base + 21,
  dbPort: base + 22,
  restPort: base + 31,
  dataDir: join(work, 'postgres'),
  reset: true,
  quiet: true,
});
let server;
let chrome;
const budgets = new Goals({ name: 'budget' });
try {
  await buildSite(stack, { outDir });
  server = await serveStatic(outDir, base + 29);
  const browser = await chromium.launch({ executablePath: chromePath, args: FLAGS.slice(1) });
  const byteRows = [];
  /** @param {number} n */
  const kb = (n) => (n / 1024).toFixed(1);
  for (const route of ROUTES.filter(measured)) {
    const phone = await pageBytes(browser, server.url + route, VIEWPORTS.phone);
    const desktop = await pageBytes(browser, server.url + route, VIEWPORTS.desktop);
    byteRows.push({
      route,
      'HTML KB': kb(desktop.html),
      'CSS KB': kb(desktop.css),
      'JS KB phone': kb(phone.js),
      'JS KB desktop': kb(desktop.js),
      'other KB': kb(desktop.other),
      requests: desktop.requests,
      failed: desktop.failed,
    });
    const budget = JS_BUDGET_KB[route];
    const js = Math.max(phone.js, desktop.js);
    if (budget !== undefined)
      budgets.check(
        js / 1024 < budget,
        `${route}: ${kb(js)} KB of JavaScript on first load (budget under ${budget} KB)`,
      );
  }
  const slowRows = [];
  for (const [route, probe] of Object.entries(SLOW_ROUTES).filter(([route]) => measured(route))) {
    /** @type {Awaited<ReturnType<typeof slowPhoneLoad>>[]} */
    const samples = [];
    /** @type {(number | null)[]} */
    const taps = [];
    for (let i = 0; i < runs; i += 1) {
      samples.push(await slowPhoneLoad(browser, server.url + route.split('#')[0], probe, false));
      if (probe.tap) taps.push((await slowPhoneLoad(browser, server.url + route.split('#')[0], probe, true)).tap);
    }
    /** @param {'heading' | 'readable' | 'bytes' | 'requests'} key */
    const med = (key) => median(samples.map((s) => s[key] ?? Number.NaN));
    const landed = taps.filter((t) => t !== null);
    const tap = probe.tap ? (landed.length < taps.length ? 'lost' : median(landed).toFixed(0)) : '-';
    slowRows.push({
      route,
      'heading ms': med('heading').toFixed(0),
      'readable ms': med('readable').toFixed(0),
      'tap effect ms': tap,
      KB: kb(med('bytes')),
      requests: med('requests'),
    });
    if (probe.tap)
      budgets.check(
        tap !== 'lost' && Number(tap) <= TAP_BUDGET_MS,
        `${route}: a tap made as the page is shown took ${tap === 'lost' ? 'no effect' : `${tap} ms`} (budget ${TAP_BUDGET_MS} ms)`,
      );
  }
  await browser.close();
  console.log(
    `\nSlow phone (400 kbps, 400 ms round trip, CPU 4x slower, ${VIEWPORTS.phone.width} px), median of ${runs} runs: ms from navigation until the main heading is shown, until the first content can be read, and from a tap made the moment the heading shows until it took effect ('lost': it never did); KB transferred and requests until the network was idle:\n`,
  );
  printTable(slowRows);
  console.log(
    `\nBytes loaded before any interaction (gzipped, as transferred; phone ${VIEWPORTS.phone.width} px and desktop ${VIEWPORTS.desktop.width} px wide; HTML, CSS, other and requests at desktop width; failed = requests that got no answer):\n`,
  );
  printTable(byteRows);

  if (process.env.BENCH_LIGHTHOUSE === '0') throw new SkipLighthouse();
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: FLAGS });
  const scoreRows = [];
  for (const route of ROUTES.filter(measured)) {
    /** @type {Awaited<ReturnType<typeof lighthouseScores>>[]} */
    const samples = [];
    for (let i = 0; i < runs; i += 1) samples.push(await lighthouseScores(server.url + route, chrome.port));
    /** @param {Exclude<keyof (typeof samples)[number], 'failing'>} key */
    const med = (key) => median(samples.map((s) => s[key] ?? Number.NaN));
    scoreRows.push({
      route,
      perf: med('performance'),
      a11y: med('accessibility'),
      'best pr.': med('best-practices'),
      seo: med('seo'),
      'FCP ms': med('fcp').toFixed(0),
      'LCP ms': med('lcp').toFixed(0),
      'TBT ms': med('tbt').toFixed(0),
      CLS: med('cls').toFixed(3),
      'CPU index': med('cpuIndex').toFixed(0),
    });
    for (const [key, min] of /** @type {[keyof typeof SCORE_BUDGET, number][]} */ (Object.entries(SCORE_BUDGET))) {
      const value = med(key);
      if (value >= min) continue;
      const short = samples.filter((s) => s[key] < min);
      budgets.check(
        false,
        `${route}: ${key} ${value} (budget ${min}); failing audits: ${[...new Set(short.flatMap((s) => s.failing))].join(', ') || 'none binary'}`,
      );
    }
  }
  console.log(
    `\nLighthouse, mobile preset, median of ${runs} runs (CPU index: Lighthouse's benchmark of this machine; a busy machine scores lower and inflates TBT):\n`,
  );
  printTable(scoreRows);
} catch (error) {
  if (!(error instanceof SkipLighthouse)) throw error;
} finally {
  chrome?.kill();
  await server?.close();
  await stack.stop();
  rmSync(work, { recursive: true, force: true });
}
budgets.end();
