// The alert form as the server draws it inside a page: the record's own names (the district's, the topics' titles)
// are marked English on a translated page, as everywhere else on it, and carry no mark on an English one.
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { JSDOM } from 'jsdom';
import AlertForm, { type AlertTarget } from '../islands/AlertForm';
import type { Locale } from '../../i18n/locales';

const search: AlertTarget = {
  kind: 'search',
  districtId: 7,
  districtName: 'Palo Alto Unified School District',
  states: ['CA'],
};
const topic: AlertTarget = {
  kind: 'topic',
  districtId: 7,
  districtName: 'Palo Alto Unified School District',
  topics: [{ id: 3, title: 'Budget' }],
};

function drawn(locale: Locale, target: AlertTarget): Document {
  return new JSDOM(renderToStaticMarkup(<AlertForm locale={locale} target={target} />)).window.document;
}

describe("the alert form's record names", () => {
  it.each([
    ['es', 'en'],
    ['zh', 'en'],
    ['en', null],
  ] as const)('%s: the district and the topics are marked %s', (locale, mark) => {
    const district = [...drawn(locale, search).querySelectorAll('label span')].find(
      (span) => span.textContent === 'Palo Alto Unified School District',
    );
    expect(district?.getAttribute('lang') ?? null).toBe(mark);
    const option = drawn(locale, topic).querySelector('option');
    expect(option?.textContent).toBe('Budget');
    expect(option?.getAttribute('lang') ?? null).toBe(mark);
  });
});
