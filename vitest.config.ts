// Two projects: the unit tests (pure rules and the components drawn to HTML, in parallel; the site-wide ones in
// tests/unit, each feature's own beside its code) first, then the database tests (one file at a time, since they
// share one database) against the embedded stack that `npm test` starts, or that their global setup starts when they
// run alone (`npx vitest run --project db`).
import { defineConfig } from 'vitest/config';
import { islandMessages } from './src/i18n/islandMessages';
import { ALERT_ISLAND_CATALOGUES } from './src/alerts/build/alertMessages';

export default defineConfig({
  // The islands' bundled messages, as the site's build gives them (astro.config.mjs).
  plugins: [islandMessages(ALERT_ISLAND_CATALOGUES)],
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'src/**/*.test.{ts,tsx}'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'db',
          include: ['supabase/tests/**/*.test.ts'],
          fileParallelism: false,
          globalSetup: ['supabase/tests/globalSetup.ts'],
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
