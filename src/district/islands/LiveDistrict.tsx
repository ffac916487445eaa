// A district that is in the database but not in the build (added since): the 404 page renders it here from its
// district_pages document, read in one request, through the same view as the pre-rendered page (DistrictBody), with
// the loading and error texts 'Loading district info...' and 'Error loading district info: {message}', in the page's
// language: the page passes the district page's messages of its one language (LIVE_DISTRICT_NAMESPACES).
import { useEffect, useMemo, useState } from 'react';
import type { Catalogue } from '../../i18n/translate';
import { districtWords, type Locale, type T } from '../words';
import { failureKind } from '../../i18n/serverText';
import { api } from '../../lib/browser/api';
import { fetchDistrictPage, richTextJobs, withRichText } from '../document';
import { sanitizeJob } from '../richText';
import { boardContent, type BoardContent } from '../boardContent';
import { districtIdFromPath, isNoRowError } from '../livePath';
import { sanitize } from '../../lib/sanitize';
import { tabFromSearch } from '../tabs';
import { listenToTimestamps } from '../browser/videoTimestamps';
import DistrictBody from '../view/DistrictBody';
import RecordSearch from '../../search/islands/RecordSearch';
import SubscribeForm from '../../alerts/islands/SubscribeForm';
import TopicVoting from './TopicVoting';
import VideoPopup from './VideoPopup';
import VotingTables from './VotingTables';

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; content: BoardContent };

/** Shows the page's district search below the error, so a visitor with a wrong id can find their district. */
function showSearch() {
  document.getElementById('not-found-search-route')?.removeAttribute('hidden');
}

/**
 * Why the page could not be read, after 'Error loading district info: ', in the page's language: a timeout or a lost
 * connection in plain words (failureKind); on an English page a short plain reason as the server wrote it (the
 * server's language is English); anything else (markup, a long dump, any reason on a translated page) that the server
 * could not send it just now. The detail goes to the console.
 */
export function loadFailureIn(locale: Locale, t: T, reason: string): string {
  const text = reason.trim();
  const kind = failureKind(text);
  if (kind === 'timeout') return t('live.failTimeout');
  if (kind === 'connection') return t('live.failConnection');
  const plain = text.length > 0 && text.length <= 160 && !/[<>{}]/.test(text);
  return locale === 'en' && plain ? text : t('live.failServer');
}

interface Props {
  /** The page's language. */
  locale?: Locale;
  /** The messages of LIVE_DISTRICT_NAMESPACES in that language, picked from its catalogue; English without. */
  messages: Catalogue;
  /** The record search's and the subscribe form's messages in that language (RECORD_SEARCH_KEYS, SUBSCRIBE_KEYS). */
  recordSearchMessages: Catalogue;
  subscribeMessages: Catalogue;
}

export default function LiveDistrict({ locale = 'en', messages, recordSearchMessages, subscribeMessages }: Props) {
  const t = useMemo(() => districtWords(locale, messages), [locale, messages]);
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
        const built = withRichText(
          page,
          richTextJobs(page).map((job) => sanitizeJob(sanitize, job)),
        );
        document.title = t('live.title', { name: built.district.name });
        setState({ status: 'ready', content: boardContent(built, broken) });
      },
      (error: unknown) => {
        // 'Error loading district info: {message}' with a message a parent can read; the detail goes to the console.
        console.error(error);
        if (isNoRowError(error)) showSearch();
        const message = isNoRowError(error)
          ? t('live.noDistrict', { id: String(id) })
          : loadFailureIn(locale, t, error instanceof Error ? error.message : String(error));
        setState({ status: 'error', message });
      },
    );
  }, [id, locale, t]);

  // A #meeting-MM-DD-YY hash can only find its card once the cards exist: the page's board script reveals it again.
  useEffect(() => {
    if (state.status === 'ready') window.dispatchEvent(new HashChangeEvent('hashchange'));
  }, [state.status]);

  if (state.status === 'loading') return <p role="status">{t('live.loading')}</p>;
  if (state.status === 'error') return <p role="alert">{t('live.error', { message: state.message })}</p>;
  const { content } = state;
  const districtId = content.district.id;
  return (
    <>
      <DistrictBody
        content={content}
        active={active}
        locale={locale}
        t={t}
        recordSearch={
          <RecordSearch
            districtId={districtId}
            idPrefix="board-record-search"
            label={String(recordSearchMessages['records.label.board'])}
            locale={locale}
            messages={recordSearchMessages}
          />
        }
        topicVoting={
          <TopicVoting
            districtId={districtId}
            topics={content.topicItems}
            liveCounts={false}
            locale={locale}
            messages={messages}
          />
        }
        votingTables={
          <VotingTables
            recent={content.recent}
            past={content.past}
            memberPaths={content.memberPaths}
            locale={locale}
            messages={messages}
          />
        }
        subscribeForm={<SubscribeForm districtId={districtId} locale={locale} messages={subscribeMessages} />}
      />
      <VideoPopup locale={locale} messages={messages} />
    </>
  );
}
