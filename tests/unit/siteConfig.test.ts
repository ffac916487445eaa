// Site configuration: every outside address comes from a PUBLIC_* variable or its documented default,
// and the demo-data notice shows exactly while the site reads a database on this machine.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_DEFAULTS, apiOrigin, isLocalAddress, readSiteConfig } from '../../src/config';

describe('readSiteConfig', () => {
  it('uses the documented defaults when nothing is set', () => {
    const config = readSiteConfig({});
    expect(config).toEqual({ ...CONFIG_DEFAULTS, demoData: false });
  });

  it.each([
    ['PUBLIC_CONTACT_FORM_URL', 'contactFormUrl', 'https://forms.example.com/contact'],
    ['PUBLIC_FEEDBACK_FORM_URL', 'feedbackFormUrl', 'https://forms.example.com/feedback'],
    ['PUBLIC_DONATION_URL', 'donationUrl', 'https://donate.example.com/us'],
    ['PUBLIC_CONTACT_EMAIL', 'contactEmail', 'team@example.com'],
    ['PUBLIC_GOOGLE_CLIENT_ID', 'googleClientId', '123-abc.apps.googleusercontent.com'],
  ] as const)('%s sets %s', (variable, key, value) => {
    expect(readSiteConfig({ [variable]: value })[key]).toBe(value);
  });

  it('treats a blank variable as unset', () => {
    expect(readSiteConfig({ PUBLIC_CONTACT_EMAIL: '  ' }).contactEmail).toBe(CONFIG_DEFAULTS.contactEmail);
  });
});

describe('isLocalAddress: demo data while the database is on this machine', () => {
  it.each([
    ['http://127.0.0.1:54321', true],
    ['http://127.0.0.5:1234/', true],
    ['http://localhost:54321', true],
    ['http://[::1]:54321', true],
    ['https://abcdefgh.supabase.co', false],
    ['https://localhost.example.com', false],
    ['http://127.0.0.1.nip.io', false],
    ['not a url', false],
    [undefined, false],
  ])('%s → %s', (url, expected) => {
    expect(isLocalAddress(url)).toBe(expected);
    expect(readSiteConfig({ PUBLIC_SUPABASE_URL: url }).demoData).toBe(expected);
  });
});

describe('apiOrigin: where a page that calls the API at load connects ahead', () => {
  it.each([
    ['https://abcd.supabase.co', 'https://abcd.supabase.co'],
    ['https://abcd.supabase.co/rest/v1/', 'https://abcd.supabase.co'],
    ['http://127.0.0.1:54321', 'http://127.0.0.1:54321'],
    ['ftp://example.org', null],
    ['not an address', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (url, expected) => {
    expect(apiOrigin(url)).toBe(expected);
  });
});

describe('the build command', () => {
  it('is the same for `npm run build` (Netlify’s command) as for the builds the scripts and tests run', async () => {
    const { default: pkg } = await import('../../package.json', { with: { type: 'json' } });
    const site = readFileSync(new URL('../../scripts/lib/site.mjs', import.meta.url), 'utf8');
    expect(pkg.scripts.build).toBe('node --import ./scripts/lib/requireNode.mjs scripts/build.mjs');
    expect(site).toContain("join(root, 'scripts', 'build.mjs')");
  });
});
