// 'Follow this board': the district's feeds (summaries as RSS, meetings as a calendar) and its open data, beside the
// email subscription that follows it on the page. Plain links: a feed reader or calendar app takes it from there.
import './FollowBoard.css';
import type { District } from '../../lib/data/districts';
import { meetingsCalendarPath, summariesFeedPath } from './feeds';
import OpenDataLinks from './OpenDataLinks';

import { type Locale, type T } from '../words';

// The feeds and the open data are the record, in English, at the same addresses in every language.
export default function FollowBoard({
  district,
  t,
}: {
  district: Pick<District, 'id' | 'name'>;
  locale?: Locale;
  t: T;
}) {
  return (
    <section className="follow-board" aria-labelledby="follow-heading">
      <h2 id="follow-heading">{t('district.follow.heading')}</h2>
      <ul>
        <li>
          <a href={summariesFeedPath(district.id)} type="application/rss+xml">
            {t('district.follow.rss')}
          </a>{' '}
          {t('district.follow.rssFor')}
        </li>
        <li>
          <a href={meetingsCalendarPath(district.id)} type="text/calendar">
            {t('district.follow.calendar')}
          </a>{' '}
          {t('district.follow.calendarFor')}
        </li>
        <li>
          <a href="#subscribe-heading">{t('district.follow.email')}</a>
          {t('district.follow.emailFor')}
        </li>
        <li>
          <OpenDataLinks districtId={district.id} t={t} />
        </li>
      </ul>
    </section>
  );
}
