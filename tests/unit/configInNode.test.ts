// astro.config.mjs loads in Node itself, not only through Astro's Vite loader: `npm run bench:build` imports it to give
// its bare build the site's page concurrency. Every module the configuration imports must then name its imports the
// way Node resolves them (with their .ts extension); one left without stopped the bench before it built anything.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

it('astro.config.mjs loads in Node and gives the build its page concurrency', () => {
  const run = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const { default: config } = await import('./astro.config.mjs'); console.log(config.build.concurrency);",
    ],
    { cwd: root, encoding: 'utf8' },
  );
  expect(run.stderr).toBe('');
  expect(Number(run.stdout.trim())).toBeGreaterThan(0);
});
