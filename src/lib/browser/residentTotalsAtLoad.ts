// What /votingPAUSD does at load once the meeting is over, without React: reads the residents' totals when the browser
// is idle and writes each item's line into the server-rendered form (its `[data-totals-field]` lines, empty and hidden
// until then). The vote form's island sleeps until the reader first touches it; once awake it follows the same store
// and draws the same lines, so the page loads no React for the totals alone.
import { residentTotalsParts } from '../agenda';
import type { AgendaField } from '../data/agendaVotes';
import { translator, type Catalogue, type Translator } from '../../i18n/translate';
import { localeOf, type Locale } from '../../i18n/locales';
import { $residentTotals, loadResidentTotals, type TotalsState } from './residentTotals';

/** Writes the totals as they stand into every item's line inside `root`. */
export function writeTotalsLines(root: ParentNode, state: TotalsState, t: Translator, locale: Locale): void {
  for (const line of root.querySelectorAll<HTMLElement>('[data-totals-field]')) {
    const { label, text } = residentTotalsParts(line.dataset.totalsField as AgendaField, state, t, locale);
    line.hidden = state.status === 'idle';
    const [labelElement, textElement] = line.children;
    if (labelElement) labelElement.textContent = label;
    if (textElement) textElement.textContent = text;
  }
}

/**
 * Shows the totals in `section` (which carries the page's language in data-totals-locale and the lines' messages as
 * JSON in data-totals-messages), reading them when the browser is idle: the page is readable and usable meanwhile.
 */
export function showResidentTotals(section: HTMLElement): void {
  const locale = localeOf(section.dataset.totalsLocale);
  const t = translator(locale, JSON.parse(section.dataset.totalsMessages ?? '{}') as Catalogue);
  $residentTotals.subscribe((state) => writeTotalsLines(section, state, t, locale));
  if ('requestIdleCallback' in window) window.requestIdleCallback(loadResidentTotals, { timeout: 2000 });
  else setTimeout(loadResidentTotals, 200);
}
