// A district page's body, the one view of it: the header, the record search, the Board Breakdown, 'Follow this board',
// the subscribe box and 'Did you find this useful?'. Drawn to HTML at build for every district in the snapshot (never
// hydrated), and in the browser by LiveDistrict for a district added since, so both show the same page. The islands
// are drawn by the caller and passed in: the built page wraps each in its client directive, the live page renders them.
import type { ReactNode } from 'react';
import BoardBreakdown from './BoardBreakdown';
import DistrictFeedback from './DistrictFeedback';
import DistrictHeader from './DistrictHeader';
import FollowBoard from '../follow/FollowBoard';
import type { BoardContent } from '../boardContent';
import type { TabName } from '../tabs';
import { NOT_COVERED_NOTE, subscribeHeading } from '../recordSpan';
import type { Locale } from '../../i18n/locales';

interface Props {
  content: BoardContent;
  active?: TabName;
  /** 'Search this board's record'. */
  recordSearch: ReactNode;
  topicVoting: ReactNode;
  votingTables: ReactNode;
  /** The form inside 'Get Summaries In Your Email'. */
  subscribeForm: ReactNode;
  /** The page's language. */
  locale?: Locale;
}

export default function DistrictView({ content, active, recordSearch, topicVoting, votingTables, subscribeForm }: Props) {
  return (
    <>
      <DistrictHeader district={content.district} hasRecords={content.hasRecords} span={content.span} />
      {recordSearch}
      <BoardBreakdown content={content} active={active} topicVoting={topicVoting} votingTables={votingTables} />
      <FollowBoard district={content.district} />
      <section className="subscribe" aria-labelledby="subscribe-heading">
        <h2 id="subscribe-heading">{subscribeHeading(content.hasRecords)}</h2>
        {!content.hasRecords && <p className="subscribe-note">{NOT_COVERED_NOTE}</p>}
        {subscribeForm}
      </section>
      <DistrictFeedback />
    </>
  );
}
