// The goals `npm run bench:build` judges each size on, and which of them a run's three builds miss. Time is judged
// two ways: as a ratio to a bare Astro build of as many HTML pages as the site has, measured in the same run (what the
// site's own work costs, on whatever machine), and in seconds on the 2-core machine (Netlify stops a build at 15
// minutes; a nightly build is to be done in 2). The first build's CPU seconds (every process of the build, all its
// shards together) are judged as a ratio to the bare build's too, since on two cores two shards halve the wall time
// but not the work each page costs. Memory is the most that all the build's processes held at once.

const RATIOS = { first: 15, unchanged: 1.5, nightly: 2 };
const SECONDS = { first: 15 * 60, nightly: 2 * 60 };
const CPU_RATIOS = { first: 12 };

/**
 * Per preset: 20,000 districts in English, and 13,500 districts in three languages (more pages, so more memory).
 * @typedef {{ ratio: Record<string, number>, cpuRatio: Record<string, number>, seconds: Record<string, number>, peakMB: number }} BuildGoal
 * @type {Record<'english' | 'languages', BuildGoal>}
 */
export const BUILD_GOALS = {
  english: { ratio: RATIOS, cpuRatio: CPU_RATIOS, seconds: SECONDS, peakMB: 2.5 * 1024 },
  languages: { ratio: RATIOS, cpuRatio: CPU_RATIOS, seconds: SECONDS, peakMB: 3 * 1024 },
};

/**
 * Every goal the builds miss, each worded with its figure and its goal, in the order of the builds.
 * @param {BuildGoal} goals
 * @param {Record<string, { label: string, m: { seconds: number, peakMB: number | null, cpuSeconds?: number | null } }>} builds first, unchanged, nightly
 * @param {number} bareSeconds the bare build of as many HTML pages as the site has: its wall seconds
 * @param {number | null} [bareCpuSeconds] and its CPU seconds (null where they could not be read: the CPU goal is then missed, not skipped)
 * @returns {string[]}
 */
export function buildMisses(goals, builds, bareSeconds, bareCpuSeconds = null) {
  /** @type {string[]} */
  const misses = [];
  for (const [key, { label, m }] of Object.entries(builds)) {
    const ratio = m.seconds / bareSeconds;
    const ratioGoal = goals.ratio[key];
    const secondsGoal = goals.seconds[key];
    if (ratioGoal !== undefined && ratio > ratioGoal)
      misses.push(`${label}: ${ratio.toFixed(2)}x a bare build of as many pages (budget ${ratioGoal}x)`);
    if (secondsGoal !== undefined && m.seconds > secondsGoal)
      misses.push(`${label}: ${m.seconds.toFixed(1)} s (budget ${secondsGoal} s)`);
    const cpuGoal = goals.cpuRatio[key];
    if (cpuGoal !== undefined) {
      if (!m.cpuSeconds || !bareCpuSeconds)
        misses.push(`${label}: CPU seconds not measured (budget ${cpuGoal}x the bare build's)`);
      else if (m.cpuSeconds / bareCpuSeconds > cpuGoal)
        misses.push(
          `${label}: ${(m.cpuSeconds / bareCpuSeconds).toFixed(2)}x the CPU seconds of a bare build of as many pages (budget ${cpuGoal}x)`,
        );
    }
    if (m.peakMB !== null && m.peakMB > goals.peakMB)
      misses.push(`${label}: peak ${m.peakMB.toFixed(0)} MB (budget ${goals.peakMB} MB)`);
  }
  return misses;
}
