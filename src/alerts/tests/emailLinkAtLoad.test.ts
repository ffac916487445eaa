// The email links' pages at load, without React: what the address alone decides, shown in the server's HTML.
import { describe, expect, it } from 'vitest';
import { JSDOM } from 'jsdom';
import { linkAtLoad, showLinkAtLoad } from '../browser/emailLinkAtLoad';

const TOKEN = 'a'.repeat(64);

describe('linkAtLoad', () => {
  it.each([
    [`?token=${TOKEN}`, { valid: true, alerts: false }],
    [`?token=${TOKEN}&for=alerts`, { valid: true, alerts: true }],
    ['?token=abc', { valid: false, alerts: false }],
    [`?token=${TOKEN.toUpperCase()}`, { valid: false, alerts: false }],
    ['', { valid: false, alerts: false }],
    ['?for=alerts', { valid: false, alerts: true }],
  ])('%s', (search, expected) => {
    expect(linkAtLoad(search)).toEqual(expected);
  });
});

/** The island as the server renders it: both invitations (the board's shown), the button, empty status and alert. */
function island() {
  const dom = new JSDOM(
    `<section><div data-email-link="confirm"><p data-invitation="board">Press to confirm.</p><p data-invitation="alerts" hidden>Press to confirm your alerts.</p><button type="button">Confirm</button><p role="status"></p><p role="alert"></p></div></section>`,
  );
  const document = dom.window.document;
  const shown = () =>
    [...document.querySelectorAll<HTMLElement>('[data-invitation], button')]
      .filter((element) => !element.hidden)
      .map((element) => element.textContent);
  return { document, shown, alert: () => document.querySelector('[role="alert"]')!.textContent };
}

describe('showLinkAtLoad', () => {
  it('leaves a whole token asking for the press', () => {
    const page = island();
    showLinkAtLoad(page.document, `?token=${TOKEN}`, 'Not valid.');
    expect(page.shown()).toEqual(['Press to confirm.', 'Confirm']);
    expect(page.alert()).toBe('');
  });

  it("shows an alert email's invitation", () => {
    const page = island();
    showLinkAtLoad(page.document, `?token=${TOKEN}&for=alerts`, 'Not valid.');
    expect(page.shown()).toEqual(['Press to confirm your alerts.', 'Confirm']);
  });

  it('says at once that a broken link is not valid, and offers no button', () => {
    const page = island();
    showLinkAtLoad(page.document, '?token=abc&for=alerts', 'Not valid.');
    expect(page.shown()).toEqual([]);
    expect(page.alert()).toBe('Not valid.');
  });
});
