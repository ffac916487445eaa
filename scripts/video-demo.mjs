// `npm run video:demo`: makes the home page's demo clip from the real site. Starts the embedded stack on
// its own ports, builds and serves the site, and records a visitor finding a district, expanding a meeting's
// summary, then reading the Topics and Voting tabs. Writes public/media/demo.webm (VP9), demo.mp4 (H.264, for
// Safari) and the poster demo-poster.webp (the expanded summary, from a full-resolution screenshot); then stops
// everything.
//   VIDEO_PORT_BASE  moves the ports it uses (base+41 API, base+42 Postgres, base+51 PostgREST, base+49 site)
//   FFMPEG_PATH      the ffmpeg to encode with (default: ffmpeg on PATH; Debian: `apt-get install ffmpeg`)
//
// Chromium's screencast gives the frames, each with the time it was painted; ffmpeg encodes them at that pace.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { root } from './lib/stackConfig.mjs';
import { startStack, stopOnExit } from './lib/embeddedStack.mjs';
import { buildSite } from './lib/site.mjs';
import { serveStatic } from './lib/staticServer.mjs';
import { commandLine } from './lib/commandLine.mjs';

commandLine({
  usage: `Usage: npm run video:demo
Records the home page's demo clip from the real site into public/media/.
Settings (environment): VIDEO_PORT_BASE (55700), FFMPEG_PATH (ffmpeg), CHROMIUM_PATH.
It takes no arguments.`,
});

const WIDTH = 960;
const HEIGHT = 540;
const FPS = 15;
// The page is laid out at the clip's size and painted at twice its pixels, then scaled down: sharp text.
const VIEWPORT = { width: WIDTH, height: HEIGHT };
const SCALE = 2;
const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';

const base = Number.parseInt(process.env.VIDEO_PORT_BASE ?? '55700', 10);
const work = mkdtempSync(join(tmpdir(), 'sbt-video-'));
const outDir = join(work, 'dist');
const framesDir = join(work, 'frames');
const mediaDir = join(root, 'public', 'media');

/** @type {Awaited<ReturnType<typeof startStack>> | undefined} */
let stack;
/** @type {Awaited<ReturnType<typeof serveStatic>> | undefined} */
let site;
/** @type {import('@playwright/test').Browser | undefined} */
let browser;
const cleanup = async () => {
  await browser?.close().catch(() => {});
  await site?.close();
  await stack?.stop();
  rmSync(work, { recursive: true, force: true });
};
stopOnExit(async () => {}, cleanup);

/** The Chromium to use: CHROMIUM_PATH, else Playwright's own when installed, else the system's. */
function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  try {
    if (existsSync(chromium.executablePath())) return undefined;
  } catch {
    // not installed
  }
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/**
 * Plays the visit; returns the screencast's frames (JPEG data and the second each was painted) and the poster.
 * @param {import('@playwright/test').Page} page
 * @param {string} siteUrl
 */
async function recordVisit(page, siteUrl) {
  const cdp = await page.context().newCDPSession(page);
  /** @type {{ data: string, at: number }[]} */
  const frames = [];
  cdp.on('Page.screencastFrame', ({ data, metadata, sessionId }) => {
    // Chromium stamps every frame (the protocol marks the stamp optional).
    if (metadata.timestamp !== undefined) frames.push({ data, at: metadata.timestamp });
    cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => {});
  });
  /** @param {number} ms */
  const pause = (ms) => page.waitForTimeout(ms);
  /**
   * @param {number} steps
   * @param {number} by
   * @param {number} every
   */
  const scroll = async (steps, by, every) => {
    for (let i = 0; i < steps; i += 1) {
      await page.mouse.wheel(0, by);
      await pause(every);
    }
  };

  await page.goto(`${siteUrl}/`);
  await page.evaluate(() => document.fonts.ready);
  await cdp.send('Page.startScreencast', {
    format: 'jpeg',
    quality: 90,
    maxWidth: WIDTH * SCALE,
    maxHeight: HEIGHT * SCALE,
    everyNthFrame: 1,
  });
  await pause(1200);
  // Down to the search, as a visitor would scroll.
  await scroll(6, 60, 60);
  const box = page.getByRole('combobox', { name: 'District name' });
  await box.click();
  await box.pressSequentially('Palo', { delay: 180 });
  await page.getByRole('option').first().waitFor();
  await pause(900);
  await page.keyboard.press('ArrowDown');
  await pause(700);
  await Promise.all([page.waitForURL(/\/1$/), page.keyboard.press('Enter')]);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await pause(1500);

  // A past meeting's summary (the first card is the upcoming one), expanded and read.
  const expand = page.getByRole('button', { name: /^Expand / }).nth(1);
  await expand.scrollIntoViewIfNeeded();
  await pause(600);
  await expand.click();
  await pause(700);
  await scroll(5, 50, 120);
  await pause(1200);
  const poster = await page.screenshot({ type: 'png' });
  await scroll(6, 60, 120);
  await pause(1000);

  // The topics, then the votes.
  for (const [tab, steps] of /** @type {[string, number][]} */ ([
    ['Topics', 1],
    ['Voting', 5],
  ])) {
    const control = page.getByRole('tab', { name: tab });
    await control.scrollIntoViewIfNeeded();
    await pause(500);
    await control.click();
    // A shorter panel leaves the window below it: back up to the top of the Board Breakdown.
    // (The heading itself sticks to the top, so the section it heads is what is scrolled to.)
    await page.getByRole('heading', { name: 'Board Breakdown' }).evaluate((heading) => {
      const section = heading.closest('section') ?? heading;
      window.scrollTo(0, section.getBoundingClientRect().top + window.scrollY - 72);
    });
    await pause(1800);
    await scroll(steps, 60, 120);
    await pause(1500);
  }
  await cdp.send('Page.stopScreencast');
  return { frames, poster };
}

/**
 * Encodes the frames, at the pace they were painted, into WebM and MP4 clips, and the poster into WebP.
 * @param {{ data: string, at: number }[]} frames
 * @param {Buffer} poster
 */
function encode(frames, poster) {
  mkdirSync(framesDir, { recursive: true });
  // ffmpeg's concat list: each frame shown until the next was painted, the last one for 0.6 s.
  const lines = ['ffconcat version 1.0'];
  frames.forEach((frame, index) => {
    const file = `f${String(index).padStart(5, '0')}.jpg`;
    writeFileSync(join(framesDir, file), Buffer.from(frame.data, 'base64'));
    const next = frames[index + 1]?.at ?? frame.at + 0.6;
    lines.push(`file '${file}'`, `duration ${Math.max(next - frame.at, 0.001).toFixed(3)}`);
  });
  lines.push(`file 'f${String(frames.length - 1).padStart(5, '0')}.jpg'`);
  const list = join(framesDir, 'frames.txt');
  writeFileSync(list, `${lines.join('\n')}\n`);
  const scale = `fps=${FPS},scale=${WIDTH}:${HEIGHT}:flags=lanczos,format=yuv420p`;
  /** @param {string[]} args */
  const run = (args) =>
    execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
  const input = ['-f', 'concat', '-safe', '0', '-i', list, '-vf', scale, '-an'];
  const webm = join(mediaDir, 'demo.webm');
  const mp4 = join(mediaDir, 'demo.mp4');
  const posterPath = join(mediaDir, 'demo-poster.webp');
  run([...input, '-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '40', '-row-mt', '1', '-deadline', 'good', webm]);
  run([
    ...input,
    '-c:v',
    'libx264',
    '-preset',
    'slow',
    '-crf',
    '28',
    '-profile:v',
    'high',
    '-movflags',
    '+faststart',
    mp4,
  ]);
  const posterPng = join(work, 'poster.png');
  writeFileSync(posterPng, poster);
  run([
    '-i',
    posterPng,
    '-vf',
    `scale=${WIDTH}:${HEIGHT}:flags=lanczos`,
    '-c:v',
    'libwebp',
    '-quality',
    '85',
    posterPath,
  ]);
  return { webm, mp4, posterPath, seconds: frames[frames.length - 1].at - frames[0].at + 0.6 };
}

try {
  try {
    execFileSync(ffmpeg, ['-hide_banner', '-version'], { stdio: 'ignore' });
  } catch {
    throw new Error(
      `ffmpeg was not found (${ffmpeg}): install it (Debian: apt-get install ffmpeg) or set FFMPEG_PATH.`,
    );
  }
  stack = await startStack({
    apiPort: base + 41,
    dbPort: base + 42,
    restPort: base + 51,
    smtpPort: base + 45,
    inboxPort: base + 44,
    dataDir: join(work, 'postgres'),
    reset: true,
    quiet: true,
  });
  await buildSite(stack, { outDir });
  site = await serveStatic(outDir, base + 49);
  browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
  // Reduced motion: no smooth scrolling, fade or autoplay of the older clip while the new one is made.
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: SCALE, reducedMotion: 'reduce' });
  const { frames, poster } = await recordVisit(await context.newPage(), site.url);
  if (frames.length < 2) throw new Error('The screencast gave no frames.');
  mkdirSync(mediaDir, { recursive: true });
  const { webm, mp4, posterPath, seconds } = encode(frames, poster);
  /** @param {string} path */
  const kb = (path) => `${Math.round(statSync(path).size / 1024)} KB`;
  console.log(
    `Wrote ${webm} (${kb(webm)}), ${mp4} (${kb(mp4)}), ${seconds.toFixed(1)} s from ${frames.length} frames, and ${posterPath} (${kb(posterPath)}).`,
  );
} catch (error) {
  console.error(`Error: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
