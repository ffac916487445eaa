// The login page. Google's sign-in script cannot be reached from the test machine, so every test here
// replaces https://accounts.google.com/gsi/client with a small fake `google.accounts.id` that records
// what the page asked of it and answers as Google would.
import { expect, test, type Page } from '@playwright/test';
import { config } from './siteHelpers';

const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';

/** The page's window with what the fake script puts there. */
type FakeGoogleWindow = Window & {
  google?: { accounts?: { id?: { prompt?: unknown } } };
  fakeGoogle?: { initialized: unknown; prompts: number; autoSelectDisabled: number };
};

/** Serves the fake Google script: its prompt() signs in with `credential`, or reports it could not open. */
async function fakeGoogle(page: Page, outcome: { credential: string } | { notDisplayed: string }) {
  const body = `
    window.fakeGoogle = { initialized: null, prompts: 0, autoSelectDisabled: 0 };
    window.google = { accounts: { id: {
      initialize(options) { window.fakeGoogle.initialized = { client_id: options.client_id, ux_mode: options.ux_mode }; window.fakeGoogle.callback = options.callback; },
      prompt(listener) {
        window.fakeGoogle.prompts += 1;
        const outcome = ${JSON.stringify(outcome)};
        if (outcome.credential) setTimeout(() => window.fakeGoogle.callback({ credential: outcome.credential, select_by: 'user' }));
        else listener && listener({ isNotDisplayed: () => true, getNotDisplayedReason: () => outcome.notDisplayed, isSkippedMoment: () => false });
      },
      disableAutoSelect() { window.fakeGoogle.autoSelectDisabled += 1; },
    } } };`;
  await page.route(GOOGLE_SCRIPT, (route) => route.fulfill({ contentType: 'text/javascript', body }));
}

const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('idToken'));

test("the login page has 'Login', 'Sign in with Google' and 'Sign Out'", async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
});

// A visit that only reads the page loads nothing from Google.
for (const [intent, reach] of [
  ['points at', (page: Page) => page.getByRole('button', { name: 'Sign in with Google' }).hover()],
  ['moves the keyboard focus to', (page: Page) => page.getByRole('button', { name: 'Sign in with Google' }).focus()],
] as const) {
  test(`Google's script loads only once the visitor ${intent} 'Sign in with Google'`, async ({ page }) => {
    await fakeGoogle(page, { credential: 'unused' });
    const requested: string[] = [];
    page.on('request', (request) => request.url() === GOOGLE_SCRIPT && requested.push(request.url()));
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    expect(requested).toEqual([]);
    const googleLoaded = page.waitForRequest(GOOGLE_SCRIPT);
    await reach(page);
    await googleLoaded;
    await expect
      .poll(() => page.evaluate(() => typeof (window as FakeGoogleWindow).google?.accounts?.id?.prompt))
      .toBe('function');
  });
}

test('signing in keeps the ID token under idToken; Sign Out removes it', async ({ page }) => {
  await fakeGoogle(page, { credential: 'header.payload.signature' });
  await page.goto('/login');
  await expect(page.getByRole('status')).toHaveText('You are signed out.');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('status')).toHaveText('You are signed in.');
  expect(await storedToken(page)).toBe('header.payload.signature');
  expect(await page.evaluate(() => (window as FakeGoogleWindow).fakeGoogle?.initialized)).toEqual({
    client_id: config.googleClientId,
    ux_mode: 'popup',
  });

  await page.reload();
  await expect(page.getByRole('status')).toHaveText('You are signed in.');

  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('status')).toHaveText('You are signed out.');
  expect(await storedToken(page)).toBeNull();
  // After the reload Google's script is loaded by the sign-out itself, to tell Google of it.
  await expect.poll(() => page.evaluate(() => (window as FakeGoogleWindow).fakeGoogle?.autoSelectDisabled)).toBe(1);
});

test('signing out when signed out loads nothing from Google', async ({ page }) => {
  const requested: string[] = [];
  page.on(
    'request',
    (request) => request.url().startsWith('https://accounts.google.com/') && requested.push(request.url()),
  );
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('status')).toHaveText('You are signed out.');
  await page.waitForLoadState('networkidle');
  expect(requested).toEqual([]);
});

test('a sign-in that cannot open is logged only, and nothing is stored', async ({ page }) => {
  await fakeGoogle(page, { notDisplayed: 'opt_out_or_no_session' });
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect.poll(() => errors).toContainEqual(expect.stringContaining('opt_out_or_no_session'));
  expect(await storedToken(page)).toBeNull();
  await expect(page.getByRole('status')).toHaveText('You are signed out.');
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test("when Google's script does not load, sign-in is logged only and Sign Out still works", async ({ page }) => {
  await page.route(GOOGLE_SCRIPT, (route) => route.abort());
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto('/login');
  await page.evaluate(() => localStorage.setItem('idToken', 'an.old.token'));
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect.poll(() => errors).toContainEqual(expect.stringContaining('Google sign-in is not available'));
  await page.getByRole('button', { name: 'Sign Out' }).click();
  expect(await storedToken(page)).toBeNull();
});

test("Google's script loads on /login alone", async ({ page }) => {
  const google: string[] = [];
  await page.route(GOOGLE_SCRIPT, (route) => {
    google.push(page.url());
    return route.abort();
  });
  for (const path of ['/', '/about', '/search', '/yesform', '/noform']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(google).toEqual([]);
});
