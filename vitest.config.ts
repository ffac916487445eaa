// Three projects: the unit tests and the components (pure rules, in parallel) first, then the database tests (one file at a time, since
// they share one database) against the embedded stack that `npm test` starts, or that their global setup starts
// when they run alone (`npx vitest run --project db`).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'src/**/*.test.ts'], exclude: ['src/**/*.components.test.ts'], sequence: { groupOrder: 0 } } },
      // The build-time components, rendered through Astro's container API (its own Vite setup).
      'tests/components/vitest.config.ts',
      {
        extends: true,
        test: { name: 'db', include: ['supabase/tests/**/*.test.ts'], fileParallelism: false, globalSetup: ['supabase/tests/global-setup.ts'], sequence: { groupOrder: 1 } },
      },
    ],
  },
});
