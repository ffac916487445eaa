// Shared by the site's browser tests: the configuration the build used, an accessibility check, and a way
// to let the page finish what it is doing before asserting that something did not happen.
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { readSiteConfig } from '../../src/config';

/** The configuration the site under test was built with (the build and the tests share one environment). */
export const config = readSiteConfig(process.env);

/** The routes this part of the site owns; each has the navigation bar and the footer. */
export const ROUTES = ['/', '/about', '/search', '/yesform', '/noform', '/login'] as const;

/** The WCAG 2.2 A and AA rules. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Fails with the list of violations when axe finds any problem of the given rules (WCAG 2.2 A/AA by default) on the
 * page as it is now. A check of one state (a tab chosen, a dialog open) names the parts that state changed in
 * `include`: each route is swept whole once (accessibility.spec.ts), and a whole district page holds thousands of
 * elements. `bestPractice` adds axe's best-practice rules; `bestPracticeOnly` runs those alone, for a part the WCAG
 * sweep of its route already read. `readFrames: false` leaves other sites' documents (the YouTube player) unread: the
 * frame's own element (its title) is still checked, but what another site serves inside it is not ours to fix.
 */
export async function expectNoAxeViolations(
  page: Page,
  {
    include = [],
    bestPractice = false,
    bestPracticeOnly = false,
    readFrames = true,
  }: { include?: string[]; bestPractice?: boolean; bestPracticeOnly?: boolean; readFrames?: boolean } = {},
) {
  const tags = bestPracticeOnly ? ['best-practice'] : bestPractice ? [...WCAG_TAGS, 'best-practice'] : WCAG_TAGS;
  let builder = new AxeBuilder({ page }).withTags(tags);
  for (const selector of include) builder = builder.include(selector);
  const results = await builder.analyze();
  // axe names a node inside a frame by a path of selectors (the frame's, then the node's): one selector is ours.
  const violations = results.violations
    .map((v) => ({ ...v, nodes: readFrames ? v.nodes : v.nodes.filter((n) => n.target.length === 1) }))
    .filter((v) => v.nodes.length > 0);
  const summary = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(summary).toEqual([]);
}

/** Every console error and uncaught error of the page from now on (React reports a hydration mismatch as one). */
export function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Resolves after the page has rendered two more frames: whatever was about to happen has happened. */
export async function settle(page: Page) {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** The islands the tests wait for, by their component's file name. */
type IslandName = 'DistrictSearch' | 'TopicVoting' | 'VotingTables' | 'RecordSearch' | 'EmailLink' | 'AgendaVoteForm';

/**
 * Waits until an island's script has taken over its markup, so what a test does next reaches React. These islands
 * enhance controls that already work without script (forms submit, buttons and tabs are there), so a visitor sees no
 * change when one wakes up: Astro's dropping the island's ssr attribute is the only sign, read here and nowhere else.
 */
export async function islandHydrated(page: Page, component: IslandName) {
  await expect(page.locator(`astro-island[component-url*="/${component}."]:not([ssr])`).first()).toBeAttached();
}

/** Checks that the island is still the server's HTML: its script (and React) has not run. */
export async function islandAsleep(page: Page, component: IslandName) {
  await expect(page.locator(`astro-island[component-url*="/${component}."][ssr]`).first()).toBeAttached();
}

/** The district search's suggestion list (the state dropdown's options are options too). */
export function suggestionList(page: Page) {
  return page.getByRole('listbox', { name: 'District suggestions' });
}

/**
 * Holds back an island's script (its component's chunk, e.g. 'AlertForm') until the returned function is called, so
 * what the page does meanwhile happens before hydration. The request waits, then goes on unchanged.
 */
export async function holdIsland(page: Page, component: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**/${component}.*.js`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
