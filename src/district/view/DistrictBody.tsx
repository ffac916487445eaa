// A district page's body, the one view of it: the header, the record search, the Board Breakdown, 'Follow this board',
// the subscribe box and 'Did you find this useful?', in the page's language. Drawn to HTML at build for every district
// in the snapshot (through DistrictView, never hydrated), and in the browser by LiveDistrict for a district added
// since, so both show the same page. The islands are drawn by the caller and passed in: the built page wraps each in
// its client directive, the live page renders them.
import type { ReactNode } from 'react';
import BoardBreakdown from './BoardBreakdown';
import DistrictFeedback from './DistrictFeedback';
import DistrictHeader from './DistrictHeader';
import FollowBoard from '../follow/FollowBoard';
import type { BoardContent } from '../boardContent';
import type { TabName } from '../tabs';
import { type Locale, type T } from '../words';

export interface DistrictBodyProps {
  content: BoardContent;
  active?: TabName;
  /** The page's language: its words, dates and numbers (the record itself stays in English). */
  locale?: Locale;
  /** 'Search this board's record'. */
  recordSearch: ReactNode;
  topicVoting: ReactNode;
  votingTables: ReactNode;
  /** The form inside 'Get Summaries In Your Email'. */
  subscribeForm: ReactNode;
}

export default function DistrictBody({
  content,
  active,
  locale = 'en',
  t,
  recordSearch,
  topicVoting,
  votingTables,
  subscribeForm,
}: DistrictBodyProps & { t: T }) {
  return (
    <>
      <DistrictHeader
        district={content.district}
        hasRecords={content.hasRecords}
        span={content.span}
        locale={locale}
        t={t}
      />
      {recordSearch}
      <BoardBreakdown
        content={content}
        active={active}
        topicVoting={topicVoting}
        votingTables={votingTables}
        locale={locale}
        t={t}
      />
      <FollowBoard district={content.district} locale={locale} t={t} />
      <section className="subscribe" aria-labelledby="subscribe-heading">
        <h2 id="subscribe-heading">
          {t(content.hasRecords ? 'district.subscribe.heading' : 'district.subscribe.notCoveredHeading')}
        </h2>
        {!content.hasRecords && <p className="subscribe-note">{t('district.subscribe.notCoveredNote')}</p>}
        {subscribeForm}
      </section>
      <DistrictFeedback locale={locale} t={t} />
    </>
  );
}
