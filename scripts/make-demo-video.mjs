// `npm run video:demo`: makes the home page's demo clip from the real site. Starts the embedded stack on
// its own ports, builds and serves the site, records a few seconds of a visitor finding a district, and
// writes public/media/demo.webm and its poster public/media/demo-poster.webp; then stops everything.
//   VIDEO_PORT_BASE  moves the ports it uses (base+41 API, base+42 Postgres, base+51 PostgREST, base+49 site)
//
// Playwright's own video recorder needs an ffmpeg download that a machine without internet cannot make, so
// the clip is made with what Chromium already has: its screencast gives the frames, and MediaRecorder
// (VP9, low bit rate) encodes them in a blank page.
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { root } from './lib/config.mjs';
import { startStack, stopOnExit } from './lib/stack.mjs';
import { buildSite, previewSite } from './lib/site.mjs';

const WIDTH = 480;
const HEIGHT = 270;
const FPS = 15;
const BITS_PER_SECOND = 300_000;
// The page is shown at this size and scaled down to the clip's, so the site looks as it does on a laptop.
const VIEWPORT = { width: 960, height: 540 };

const base = Number.parseInt(process.env.VIDEO_PORT_BASE ?? '55700', 10);
const work = mkdtempSync(join(tmpdir(), 'sbt-video-'));
const outDir = join(work, 'dist');
const mediaDir = join(root, 'public', 'media');

let stack;
let site;
let browser;
const cleanup = async () => {
  await browser?.close().catch(() => {});
  await site?.stop();
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

/** Plays the visit and returns the screencast's frames: JPEG data and the second each was painted. */
async function recordVisit(page) {
  const cdp = await page.context().newCDPSession(page);
  const frames = [];
  cdp.on('Page.screencastFrame', ({ data, metadata, sessionId }) => {
    frames.push({ data, at: metadata.timestamp });
    cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => {});
  });
  const pause = (ms) => page.waitForTimeout(ms);

  await page.goto(`${site.url}/`);
  await page.evaluate(() => document.fonts.ready);
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 85, maxWidth: WIDTH, maxHeight: HEIGHT, everyNthFrame: 1 });
  await pause(1200);
  // Down to the search, as a visitor would scroll.
  for (let i = 0; i < 6; i += 1) {
    await page.mouse.wheel(0, 60);
    await pause(60);
  }
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
  for (let i = 0; i < 6; i += 1) {
    await page.mouse.wheel(0, 40);
    await pause(90);
  }
  await pause(1500);
  await cdp.send('Page.stopScreencast');
  return frames;
}

/** Encodes the frames, at the pace they were painted, into a WebM clip and a WebP poster of the first. */
async function encode(page, frames) {
  await page.setViewportSize({ width: WIDTH, height: HEIGHT });
  await page.setContent('<canvas></canvas>');
  return page.evaluate(
    async ({ frames, width, height, fps, bitsPerSecond }) => {
      const canvas = document.querySelector('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      const decode = (data) => fetch(`data:image/jpeg;base64,${data}`).then((r) => r.blob()).then((b) => createImageBitmap(b));
      const images = await Promise.all(frames.map((frame) => decode(frame.data)));
      const start = frames[0].at;
      const times = frames.map((frame) => (frame.at - start) * 1000);
      const length = times.at(-1) + 600;
      const draw = (image) => {
        context.fillStyle = '#fff';
        context.fillRect(0, 0, width, height);
        context.drawImage(image, 0, 0, width, height);
      };
      draw(images[0]);
      const poster = await new Promise((resolve) => canvas.toBlob(resolve, 'image/webp', 0.8));

      const recorder = new MediaRecorder(canvas.captureStream(fps), { mimeType: 'video/webm;codecs=vp9', videoBitsPerSecond: bitsPerSecond });
      const chunks = [];
      recorder.ondataavailable = (event) => event.data.size && chunks.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start();
      const began = performance.now();
      await new Promise((resolve) => {
        const tick = () => {
          const elapsed = performance.now() - began;
          let index = 0;
          while (index + 1 < times.length && times[index + 1] <= elapsed) index += 1;
          draw(images[index]);
          if (elapsed >= length) resolve();
          else setTimeout(tick, 1000 / fps);
        };
        tick();
      });
      recorder.stop();
      await stopped;
      const toBase64 = async (blob) => {
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let text = '';
        for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(text);
      };
      return { video: await toBase64(new Blob(chunks, { type: 'video/webm' })), poster: await toBase64(poster), seconds: length / 1000 };
    },
    { frames, width: WIDTH, height: HEIGHT, fps: FPS, bitsPerSecond: BITS_PER_SECOND },
  );
}

try {
  stack = await startStack({ apiPort: base + 41, dbPort: base + 42, restPort: base + 51, dataDir: join(work, 'postgres'), reset: true, quiet: true });
  await buildSite(stack, { outDir });
  site = await previewSite(base + 49, { outDir });
  browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
  // Reduced motion: no smooth scrolling, fade or autoplay of the older clip while the new one is made.
  const context = await browser.newContext({ viewport: VIEWPORT, reducedMotion: 'reduce' });
  const frames = await recordVisit(await context.newPage());
  if (frames.length < 2) throw new Error('The screencast gave no frames.');
  const { video, poster, seconds } = await encode(await context.newPage(), frames);
  mkdirSync(mediaDir, { recursive: true });
  const videoPath = join(mediaDir, 'demo.webm');
  const posterPath = join(mediaDir, 'demo-poster.webp');
  writeFileSync(videoPath, Buffer.from(video, 'base64'));
  writeFileSync(posterPath, Buffer.from(poster, 'base64'));
  const kb = (path) => `${Math.round(statSync(path).size / 1024)} KB`;
  console.log(`Wrote ${videoPath} (${seconds.toFixed(1)} s, ${kb(videoPath)}) and ${posterPath} (${kb(posterPath)}) from ${frames.length} frames.`);
} catch (error) {
  console.error(`Error: ${error.message}`);
  process.exitCode = 1;
} finally {
  await cleanup();
}
