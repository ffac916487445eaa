// A district that is in the database but not in the build (added since): the 404 page renders it here from its
// district_pages document, read in one request, with the same components and rules as the pre-rendered page and the
// spec's loading, error and empty texts.
import { useEffect, useState, type ReactNode } from 'react';
import { describeLoadFailure } from '../../lib/formResult';
import { api } from '../../lib/browser/api';
import { fetchDistrictPage, richTextJobs, withRichText, type BrokenSection, type BuiltDistrictPage } from '../document';
import { boardContent } from '../boardContent';
import { districtIdFromPath, isNoRowError, noDistrictMessage } from '../livePath';
import { sanitize, sanitizeJob } from '../../lib/sanitize';
import { BOARD_BREAKDOWN_HEADING_ID, boardPanel, tabFromSearch } from '../tabs';
import { listenToTimestamps } from '../browser/videoTimestamps';
import BoardTabs from '../view/BoardTabs';
import DistrictFeedback from '../view/DistrictFeedback';
import SubscribeForm from '../../components/islands/SubscribeForm';
import DistrictHeaderView from '../view/DistrictHeaderView';
import MeetingList from '../view/MeetingList';
import RecordSearch from '../../components/islands/RecordSearch';
import TopicVoting from './TopicVoting';
import VideoPopup from './VideoPopup';
import VotingTables from './VotingTables';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; page: BuiltDistrictPage; broken: BrokenSection[] };

/** What a tab says when its list of the page could not be read (the spec's 'Error loading …' texts). */
const SECTION_ERRORS: Record<BrokenSection, string> = {
  meetings: 'Error loading meetings: the meetings of this district could not be read.',
  topics: 'Error loading topics: the topics of this district could not be read.',
  votings: "Error: the votes of this district could not be read.",
};

/** A tab's content, or its error text when its list could not be read. */
function Section({ name, broken, children }: { name: BrokenSection; broken: BrokenSection[]; children: ReactNode }) {
  return broken.includes(name) ? <p role="alert">{SECTION_ERRORS[name]}</p> : <>{children}</>;
}

/** Shows the page's district search below the error, so a visitor with a wrong id can find their district. */
function showSearch() {
  document.getElementById('not-found-search-route')?.removeAttribute('hidden');
}

export default function LiveDistrict() {
  const [state, setState] = useState<Load>({ status: 'loading' });
  const id = typeof location === 'undefined' ? null : districtIdFromPath(location.pathname);
  // The board script keeps the tabs and the address in step from here on; this is the first render's tab.
  const active = tabFromSearch(typeof location === 'undefined' ? '' : location.search);

  useEffect(() => {
    if (id === null) return;
    listenToTimestamps();
    // The whole page in one request, as the build reads it; its rich text sanitised here, as the build does there.
    fetchDistrictPage(api(), id).then(
      ({ page, broken }) => {
        const built = withRichText(page, richTextJobs(page).map((job) => sanitizeJob(sanitize, job)));
        document.title = `${built.district.name} | School Board Transparency`;
        setState({ status: 'ready', page: built, broken });
      },
      (error) => {
        // The spec's 'Error loading district info: {message}' with a message a parent can read; the detail goes to the console.
        console.error(error);
        if (isNoRowError(error)) showSearch();
        const message = isNoRowError(error) ? noDistrictMessage(id) : describeLoadFailure(error instanceof Error ? error.message : String(error));
        setState({ status: 'error', message });
      },
    );
  }, [id]);

  // A #meeting-MM-DD-YY hash can only find its card once the cards exist: the page's board script reveals it again.
  useEffect(() => {
    if (state.status === 'ready') window.dispatchEvent(new HashChangeEvent('hashchange'));
  }, [state.status]);

  if (state.status === 'loading') return <p role="status">Loading district info...</p>;
  if (state.status === 'error') return <p role="alert">Error loading district info: {state.message}</p>;
  const { page, broken } = state;
  const { cards, topicItems, recent, past } = boardContent(page);
  return (
    <>
      <DistrictHeaderView district={page.district} />
      <RecordSearch districtId={page.district.id} idPrefix="board-record-search" label="Search this board's record" />
      <section className="board-breakdown" aria-labelledby={BOARD_BREAKDOWN_HEADING_ID}>
        <BoardTabs active={active} />
        <div className="board-panels">
          {/* The board script shows and hides the panels; their hidden attribute here is the first state only. */}
          <div className="board-panel" {...boardPanel('meetings', active)}>
            <Section name="meetings" broken={broken}><MeetingList cards={cards} /></Section>
          </div>
          <div className="board-panel" {...boardPanel('topics', active)}>
            <Section name="topics" broken={broken}><TopicVoting districtId={page.district.id} topics={topicItems} liveCounts={false} /></Section>
          </div>
          <div className="board-panel" {...boardPanel('voting', active)}>
            <Section name="votings" broken={broken}><VotingTables recent={recent} past={past} /></Section>
          </div>
        </div>
      </section>
      <section className="subscribe" aria-labelledby="subscribe-heading">
        <h2 id="subscribe-heading">Get Summaries In Your Email</h2>
        <SubscribeForm districtId={page.district.id} />
      </section>
      <DistrictFeedback />
      <VideoPopup />
    </>
  );
}
