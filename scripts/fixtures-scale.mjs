// `npm run fixtures:scale -- [N] [seed]`: replaces the data of the database at DATABASE_URL (default: the
// local embedded one, which must be running: `npm run stack`) with N generated districts (default 20,000).
import { loadScaleFixtures } from './lib/scaleFixtures.mjs';
import { stackConfig } from './lib/stackConfig.mjs';

const n = Number.parseInt(process.argv[2] ?? '20000', 10);
const seed = Number.parseInt(process.argv[3] ?? '1', 10);
const dbUrl = process.env.DATABASE_URL ?? stackConfig().dbUrl;
const started = Date.now();
try {
  const counts = await loadScaleFixtures(dbUrl, {
    districts: n,
    seed,
    onProgress: (/** @type {string} */ line) => console.log(line),
  });
  console.log(`\nLoaded in ${((Date.now() - started) / 1000).toFixed(1)} s:`, counts);
} catch (error) {
  console.error(`\nError: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
