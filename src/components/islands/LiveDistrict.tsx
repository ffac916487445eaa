// A district that is in the database but not in the build (added since): the 404 page renders it here from live
// data, with the same components as the pre-rendered page and the spec's loading, error and empty texts.
import { useEffect, useState, type ReactNode } from 'react';
import { describeLoadFailure } from '../../lib/formResult';
import { api } from '../../lib/browser/api';
import { fetchDistrict, type District } from '../../lib/data/districts';
import { fetchMeetings } from '../../lib/data/meetings';
import { fetchTopics } from '../../lib/data/topics';
import { fetchVotings } from '../../lib/data/votings';
import { districtIdFromPath, isNoRowError, noDistrictMessage } from '../../lib/liveDistrict';
import { meetingCards, summaryJob, type MeetingCardData } from '../../lib/meetings';
import { sanitize, sanitizeJob } from '../../lib/sanitize';
import { BOARD_BREAKDOWN_HEADING_ID, boardPanel, tabFromSearch } from '../../lib/tabs';
import { descriptionJob, topicItem, type TopicItem } from '../../lib/topics';
import { votingTables, type VotingRow } from '../../lib/votings';
import { listenToTimestamps } from '../../lib/browser/videoTimestamps';
import BoardTabs from '../BoardTabs';
import DistrictFeedback from '../DistrictFeedback';
import SubscribeForm from './SubscribeForm';
import DistrictHeaderView from '../DistrictHeaderView';
import MeetingList from '../MeetingList';
import RecordSearch from './RecordSearch';
import TopicVoting from './TopicVoting';
import VideoPopup from './VideoPopup';
import VotingTables from './VotingTables';

type Load<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; value: T };
const loading = { status: 'loading' } as const;
// The spec's 'Error loading …: {message}' with a message a parent can read; the detail goes to the console.
const messageOf = (error: unknown) => {
  console.error(error);
  return describeLoadFailure(error instanceof Error ? error.message : String(error));
};

/** Runs a load and reports its outcome through `set`. */
function load<T>(promise: Promise<T>, set: (state: Load<T>) => void): void {
  promise.then(
    (value) => set({ status: 'ready', value }),
    (error) => {
      console.error(error);
      set({ status: 'error', message: messageOf(error) });
    },
  );
}

/** One tab's content: its loading text, its error text, or the loaded content. */
function TabState<T>({ state, loadingText, errorText, children }: { state: Load<T>; loadingText: string; errorText: (message: string) => string; children: (value: T) => ReactNode }) {
  if (state.status === 'loading') return <p role="status">{loadingText}</p>;
  if (state.status === 'error') return <p role="alert">{errorText(state.message)}</p>;
  return <>{children(state.value)}</>;
}

/** Shows the page's district search below the error, so a visitor with a wrong id can find their district. */
function showSearch() {
  document.getElementById('not-found-search-route')?.removeAttribute('hidden');
}

export default function LiveDistrict() {
  const [district, setDistrict] = useState<Load<District>>(loading);
  const [meetings, setMeetings] = useState<Load<MeetingCardData[]>>(loading);
  const [topics, setTopics] = useState<Load<TopicItem[]>>(loading);
  const [votings, setVotings] = useState<Load<{ recent: VotingRow[]; past: VotingRow[] }>>(loading);
  const id = typeof location === 'undefined' ? null : districtIdFromPath(location.pathname);
  // The board script keeps the tabs and the address in step from here on; this is the first render's tab.
  const active = tabFromSearch(typeof location === 'undefined' ? '' : location.search);

  useEffect(() => {
    if (id === null) return;
    listenToTimestamps();
    const db = api();
    fetchDistrict(db, id).then(
      (value) => {
        document.title = `${value.name} | School Board Transparency`;
        setDistrict({ status: 'ready', value });
      },
      (error) => {
        console.error(error);
        if (isNoRowError(error)) {
          showSearch();
          return setDistrict({ status: 'error', message: noDistrictMessage(id) });
        }
        setDistrict({ status: 'error', message: messageOf(error) });
      },
    );
    load(
      fetchMeetings(db, id).then((rows) => meetingCards(rows, (meeting) => sanitizeJob(sanitize, summaryJob(meeting)))),
      setMeetings,
    );
    load(
      fetchTopics(db, id).then((rows) => rows.map((topic) => topicItem(topic, sanitizeJob(sanitize, descriptionJob(topic))))),
      setTopics,
    );
    load(fetchVotings(db, id).then(votingTables), setVotings);
  }, [id]);

  // A #meeting-MM-DD-YY hash can only find its card once the cards exist: the page's board script reveals it again.
  useEffect(() => {
    if (meetings.status === 'ready' && district.status === 'ready') window.dispatchEvent(new HashChangeEvent('hashchange'));
  }, [meetings.status, district.status]);

  if (district.status === 'loading') return <p role="status">Loading district info...</p>;
  if (district.status === 'error') return <p role="alert">Error loading district info: {district.message}</p>;
  return (
    <>
      <DistrictHeaderView district={district.value} />
      <RecordSearch districtId={district.value.id} idPrefix="board-record-search" label="Search this board's record" />
      <section className="board-breakdown" aria-labelledby={BOARD_BREAKDOWN_HEADING_ID}>
        <BoardTabs active={active} />
        <div className="board-panels">
          {/* The board script shows and hides the panels; their hidden attribute here is the first state only. */}
          <div className="board-panel" {...boardPanel('meetings', active)}>
            <TabState state={meetings} loadingText="Loading meetings..." errorText={(m) => `Error loading meetings: ${m}`}>
              {(cards) => <MeetingList cards={cards} />}
            </TabState>
          </div>
          <div className="board-panel" {...boardPanel('topics', active)}>
            <TabState state={topics} loadingText="Loading topics..." errorText={(m) => `Error loading topics: ${m}`}>
              {(items) => <TopicVoting districtId={district.value.id} topics={items} liveCounts={false} />}
            </TabState>
          </div>
          <div className="board-panel" {...boardPanel('voting', active)}>
            <TabState state={votings} loadingText="Loading votes..." errorText={(m) => `Error: ${m}`}>
              {(tables) => <VotingTables recent={tables.recent} past={tables.past} />}
            </TabState>
          </div>
        </div>
      </section>
      <section className="subscribe" aria-labelledby="subscribe-heading">
        <h2 id="subscribe-heading">Get Summaries In Your Email</h2>
        <SubscribeForm districtId={district.value.id} />
      </section>
      <DistrictFeedback />
      <VideoPopup />
    </>
  );
}
