// `npm run bench:pages`: builds the site on the embedded stack, serves it with gzip and prints, per route,
// the bytes loaded before any interaction (HTML, CSS, JS, gzipped) at a phone's and a desktop's width, the
// request count, and Lighthouse's mobile-preset scores and metrics (median of BENCH_RUNS, default 3).
// Exits 1 when a budget in DESIGN.md is broken. No page loads an outside address before the visitor acts (Google's
// sign-in script waits for the visitor to reach for its button, the video player for a time stamp's click), so
// every budget can be judged on a machine without internet.
// Uses its own ports (BENCH_PORT_BASE, default 26200).
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { startStack } from './lib/stack.mjs';
import { buildSite } from './lib/site.mjs';
import { serveStatic } from './lib/static-server.mjs';
import { median, printTable } from './lib/measure.mjs';

const ROUTES = ['/', '/search', '/about', '/1', '/1?tab=topics', '/1?tab=voting', '/votingPAUSD', '/login'];
// DESIGN.md budgets: JavaScript on first load (gzipped, by page: /1?tab=topics is /1) and Lighthouse scores on
// every route.
const JS_BUDGET_KB = { '/about': 5, '/': 80, '/1': 100 };
const SCORE_BUDGET = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };
// Islands hydrate when visible, so what loads depends on the width: a phone (Lighthouse's mobile screen) and a desktop.
const VIEWPORTS = { phone: { width: 412, height: 823 }, desktop: { width: 1280, height: 800 } };
const runs = Number.parseInt(process.env.BENCH_RUNS ?? '3', 10);
const base = Number.parseInt(process.env.BENCH_PORT_BASE ?? '26200', 10);
const chromePath = process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : chromium.executablePath());
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'];

/** Bytes (as transferred, gzipped) by kind, and the requests of one page load at one width, before any interaction. */
async function pageBytes(browser, url, viewport) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
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

async function lighthouseScores(url, port) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: Object.keys(SCORE_BUDGET) });
  const { lhr } = result;
  const { categories, audits, runtimeError } = lhr;
  if (runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${runtimeError.code} ${runtimeError.message}`);
  return {
    performance: categories.performance.score * 100,
    accessibility: categories.accessibility.score * 100,
    'best-practices': categories['best-practices'].score * 100,
    seo: categories.seo.score * 100,
    fcp: audits['first-contentful-paint'].numericValue,
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    // Lighthouse's measure of this machine's CPU speed: a busy or slow machine inflates TBT.
    cpuIndex: lhr.environment.benchmarkIndex,
    failing: Object.values(audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary').map((a) => a.id),
  };
}

const work = mkdtempSync(join(tmpdir(), 'sbt-bench-pages-'));
const outDir = join(work, 'dist');
const stack = await startStack({ apiPort: base + 21, dbPort: base + 22, restPort: base + 31, dataDir: join(work, 'postgres'), reset: true, quiet: true });
let server;
let chrome;
const broken = [];
try {
  await buildSite(stack, { outDir });
  server = await serveStatic(outDir, base + 29);
  const browser = await chromium.launch({ executablePath: chromePath, args: FLAGS.slice(1) });
  const byteRows = [];
  const kb = (n) => (n / 1024).toFixed(1);
  for (const route of ROUTES) {
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
    const budget = JS_BUDGET_KB[new URL(route, server.url).pathname];
    const js = Math.max(phone.js, desktop.js);
    if (budget !== undefined && js / 1024 >= budget) broken.push(`${route}: ${kb(js)} KB of JavaScript on first load (budget under ${budget} KB)`);
  }
  await browser.close();
  console.log(`\nBytes loaded before any interaction (gzipped, as transferred; phone ${VIEWPORTS.phone.width} px and desktop ${VIEWPORTS.desktop.width} px wide; HTML, CSS, other and requests at desktop width; failed = requests that got no answer):\n`);
  printTable(byteRows);

  chrome = await chromeLauncher.launch({ chromePath, chromeFlags: FLAGS });
  const scoreRows = [];
  for (const route of ROUTES) {
    const samples = [];
    for (let i = 0; i < runs; i += 1) samples.push(await lighthouseScores(server.url + route, chrome.port));
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
    for (const [key, min] of Object.entries(SCORE_BUDGET)) {
      const value = med(key);
      if (value >= min) continue;
      const short = samples.filter((s) => s[key] < min);
      broken.push(`${route}: ${key} ${value} (budget ${min}); failing audits: ${[...new Set(short.flatMap((s) => s.failing))].join(', ') || 'none binary'}`);
    }
  }
  console.log(`\nLighthouse, mobile preset, median of ${runs} runs (CPU index: Lighthouse's benchmark of this machine; a busy machine scores lower and inflates TBT):\n`);
  printTable(scoreRows);
} finally {
  await chrome?.kill();
  await server?.close();
  await stack.stop();
  rmSync(work, { recursive: true, force: true });
}
if (broken.length) {
  console.log(`\nBudgets broken:\n- ${broken.join('\n- ')}`);
  process.exit(1);
}
console.log('\nEvery budget holds.');
