// `npm run fixtures:scale -- [N] [seed]`: replaces the data of the database at DATABASE_URL (default: the
// local embedded one, which must be running: `npm run stack`) with N generated districts (default 20,000).
import { loadScaleFixtures } from './lib/scaleFixtures.mjs';
import { stackConfig } from './lib/stackConfig.mjs';
import { commandLine, wholeNumberOf } from './lib/commandLine.mjs';

const { positionals } = commandLine({
  usage: `Usage: npm run fixtures:scale -- [N] [seed]
  N     districts to generate (default 20,000)
  seed  the generator's seed (default 1)
Replaces the data of the database at DATABASE_URL (default: the running local stack of \`npm run stack\`).`,
  positionals: 2,
});
const n = wholeNumberOf(positionals[0] ?? '20000', 'N', 1);
const seed = wholeNumberOf(positionals[1] ?? '1', 'seed');
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
