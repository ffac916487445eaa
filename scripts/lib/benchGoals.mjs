// The goals (budgets) the benchmarks judge, in one place: each benchmark imports its own from here, and
// tests/unit/docFigures.test.ts holds the goals table of docs/performance.md to these figures. The build's, which vary
// by preset, are in buildGoals.mjs.

/** bench:pages: JavaScript loaded before any interaction (gzipped, KB) on /about and on every other route. */
export const PAGE_GOALS = {
  jsKB: { about: 5, other: 20 },
  /** A tap made the moment the heading shows takes effect within this many ms on the slow phone. */
  tapMs: 500,
  /** Lighthouse's mobile preset, every route. */
  scores: { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 },
};

/** bench:import: seconds for each run (into an empty database, unchanged, 1% changed, one 500,000-row votes.csv), peak MB. */
export const IMPORT_GOALS = { first: 300, unchanged: 120, changed: 120, big: 300, peakMB: 1024 };

/** bench:search: p95 ms, at the database and through the gateway, of a typical and of the costliest cases, by size. */
export const SEARCH_GOALS = {
  oneYear: { typicalMs: 50, costliestMs: 100 },
  fiveYears: { typicalMs: 100, costliestMs: 200 },
  /** The district search's database p95 at 20,000 districts. */
  districtMs: 20,
  recallPercent: 100,
};

/** bench:alerts: matching and queuing together, seconds, and the database process's peak MB. */
export const ALERT_GOALS = { seconds: 60, peakMB: 1024 };
