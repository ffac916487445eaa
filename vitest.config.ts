// Unit tests (pure rules) and database tests (against the embedded stack that scripts/test.mjs starts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'supabase/tests/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Database tests share one database: run files one after another.
    fileParallelism: false,
  },
});
