// The alert's feed words its alert from a generated copy of alertText.ts (supabase/functions/_shared/alertText.js):
// the copy is what the site's modules make today, and says every kind of alert as the site does, in every language.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALERT_TEXT_COPY, alertTextCopy } from '../../../scripts/lib/functionsShared.mjs';
import { LOCALES } from '../../i18n/locales';
import { describeAlert, type AlertSummary } from '../describe';
import { mailTranslator } from '../mailText';
import { alertText } from '../alertText';
import * as copy from '../../../supabase/functions/_shared/alertText.js';

const ROOT = join(import.meta.dirname, '../../..');

const alert = (extra: Partial<AlertSummary> = {}): AlertSummary => ({
  kind: 'search',
  text: 'cell phones',
  district_id: 7,
  district_name: 'Springfield Unified',
  state: null,
  kinds: ['meeting', 'topic', 'vote'],
  minority_only: false,
  frequency: 'daily',
  ...extra,
});

describe("the Edge Functions' copy of an alert in plain words", () => {
  it("is what `npm run functions:shared` writes from the site's modules now (run it when this fails)", async () => {
    expect(readFileSync(join(ROOT, ALERT_TEXT_COPY), 'utf8')).toBe(await alertTextCopy());
  });

  it.each(
    LOCALES.flatMap((locale) =>
      (
        [
          ['a district', alert()],
          ['a state', alert({ district_id: null, district_name: null, state: 'CA' })],
          ['every district, weekly', alert({ district_id: null, district_name: null, frequency: 'weekly' })],
          ['some kinds only', alert({ kinds: ['meeting', 'vote'] })],
          ['one kind only', alert({ kinds: ['topic'] })],
          ['a topic', alert({ kind: 'topic', text: 'Later start time' })],
          ['a member', alert({ kind: 'member', text: 'Jane Doe', kinds: ['vote'] })],
          [
            'a member in the minority',
            alert({ kind: 'member', text: 'Jane Doe', kinds: ['vote'], minority_only: true }),
          ],
          ['a district without its name', alert({ district_name: null })],
        ] as const
      ).map(([label, summary]) => [locale, label, summary] as const),
    ),
  )('says it as the site does, in %s: %s', (locale, _label, summary) => {
    const site = describeAlert(summary, mailTranslator(locale), locale);
    expect(alertText(summary, locale)).toBe(site);
    expect(copy.alertText(summary, locale)).toBe(site);
  });
});
