// A district that is in the database but not in the build (added since): the 404 page renders it here from its
// district_pages document, read in one request, through the same view as the pre-rendered page (DistrictView), with
// the loading and error texts 'Loading district info...' and 'Error loading district info: {message}'.
import { useEffect, useState } from 'react';
import { describeLoadFailure } from '../../lib/data/formResult';
import { api } from '../../lib/browser/api';
import { fetchDistrictPage, richTextJobs, sanitizeJob, withRichText } from '../document';
import { boardContent, type BoardContent } from '../boardContent';
import { districtIdFromPath, isNoRowError, noDistrictMessage } from '../livePath';
import { sanitize } from '../../lib/sanitize';
import { tabFromSearch } from '../tabs';
import { listenToTimestamps } from '../browser/videoTimestamps';
import DistrictView from '../view/DistrictView';
import type { Locale } from '../../i18n/locales';
import type { Catalogue } from '../../i18n/translate';

interface Props {
  /** The page's language, and the messages of the record search and subscribe islands it holds (the 404 route's). */
  locale?: Locale;
  recordSearchMessages?: Catalogue;
  subscribeMessages?: Catalogue;
}
import RecordSearch from '../../components/islands/RecordSearch';
import SubscribeForm from '../../components/islands/SubscribeForm';
import TopicVoting from './TopicVoting';
import VideoPopup from './VideoPopup';
import VotingTables from './VotingTables';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; content: BoardContent };

/** Shows the page's district search below the error, so a visitor with a wrong id can find their district. */
function showSearch() {
  document.getElementById('not-found-search-route')?.removeAttribute('hidden');
}

export default function LiveDistrict({ locale = 'en', recordSearchMessages = {}, subscribeMessages = {} }: Props) {
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
        setState({ status: 'ready', content: boardContent(built, broken) });
      },
      (error: unknown) => {
        // 'Error loading district info: {message}' with a message a parent can read; the detail goes to the console.
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
  const { content } = state;
  const districtId = content.district.id;
  return (
    <>
      <DistrictView
        content={content}
        active={active}
        recordSearch={<RecordSearch districtId={districtId} idPrefix="board-record-search" label={recordSearchMessages['records.label.board'] as string} locale={locale} messages={recordSearchMessages} />}
        topicVoting={<TopicVoting districtId={districtId} topics={content.topicItems} liveCounts={false} />}
        votingTables={<VotingTables recent={content.recent} past={content.past} memberPaths={content.memberPaths} />}
        subscribeForm={<SubscribeForm districtId={districtId} locale={locale} messages={subscribeMessages} />}
      />
      <VideoPopup />
    </>
  );
}
