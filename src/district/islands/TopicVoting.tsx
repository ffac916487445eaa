// The Topics tab: a scrolling bar of topic titles, the selected topic's description, live up/down counters
// and the share link. Every vote change is written through the vote_topic function (see stores/topicVotes.ts).
// On a built page it loads on the first interaction with it: until then the board script shows the topic chosen and
// marks the vote pressed, and when this island wakes it takes that state over (adoptPageState) and sends the vote.
// The share button is the board script's (data-share-path), as a meeting card's is.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { nextTabIndex } from '../tabs';
import {
  DEFAULT_TOPIC_TITLE,
  type TopicItem,
  TOPIC_SCROLL_STEP,
  formatVoteCount,
  initialTopicId,
  topicAnchor,
  topicShareUrl,
} from '../topicItems';
import { failureKind } from '../../i18n/serverText';
import { districtWords, recordLang, voteCountText, type Locale, type T } from '../words';
import type { Catalogue } from '../../i18n/translate';
import {
  $topicCounts,
  $topicVoteErrors,
  $topicVotes,
  $topicVotesPending,
  castTopicVote,
  loadLiveTopicCounts,
} from '../stores/topicVotes';
import { ChevronIcon, ShareIcon, ThumbDownIcon, ThumbUpIcon } from '../../components/Icons';
import { barEnds, centerTopic, scrollBar } from '../browser/topicBar';
import '../view/district.css';
import './TopicVoting.css';

interface Props {
  districtId: number;
  topics: TopicItem[];
  defaultTitle?: string;
  /** Fetch the counts again once hydrated (the district page's are from the build). */
  liveCounts?: boolean;
  /** The page's language. */
  locale?: Locale;
  /** This island's messages in that language (TOPIC_VOTING_KEYS, picked from its catalogue). */
  messages: Catalogue;
}

/**
 * What a topic shows when its vote could not be saved, in the page's language: the topic limit's words, or the failure
 * in plain words (failureKind). The server's own text is never shown: its English is the English catalogue's.
 */
export function topicVoteFailure(t: T, reason: string): string {
  const kind = failureKind(reason);
  if (kind === 'limit') return t('district.topics.tooMany');
  if (kind === 'timeout') return t('district.topics.failTimeout');
  if (kind === 'connection') return t('district.topics.failConnection');
  return t('district.topics.failServer');
}

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** Scrolls to the topic a #topic-{id} link named and moves focus there, as a browser does for a link's target. */
function bringIntoView(id: string) {
  const detail = document.getElementById(id);
  if (!detail) return;
  detail.scrollIntoView({ block: 'start' });
  if (!detail.hasAttribute('tabindex')) detail.setAttribute('tabindex', '-1');
  detail.focus({ preventScroll: true });
}

/**
 * What the board script did before this island woke: the topic it showed (null when it chose none: the bar is marked
 * data-answered when it did) and the votes it marked pressed, to be sent now as if clicked now.
 */
function pageState(
  root: HTMLElement | null,
  topics: TopicItem[],
): { shown: number | null; pressed: [number, 'up' | 'down'][] } {
  if (!root) return { shown: null, pressed: [] };
  const chosen = root.querySelector<HTMLElement>('[role="tablist"][data-answered] [role="tab"][aria-selected="true"]');
  const id = chosen ? Number(chosen.id.replace('topic-tab-', '')) : null;
  const pressed: [number, 'up' | 'down'][] = [];
  for (const topic of topics) {
    const vote = root.querySelector<HTMLElement>(`#${topicAnchor(topic.id)} [data-vote][aria-pressed="true"]`)?.dataset
      .vote;
    if ((vote === 'up' || vote === 'down') && ($topicVotes.get()[String(topic.id)] ?? 'none') === 'none')
      pressed.push([topic.id, vote]);
  }
  return { shown: id !== null && topics.some((topic) => topic.id === id) ? id : null, pressed };
}

export default function TopicVoting({
  districtId,
  topics,
  defaultTitle = DEFAULT_TOPIC_TITLE,
  liveCounts = true,
  locale = 'en',
  messages,
}: Props) {
  const t = useMemo(() => districtWords(locale, messages), [locale, messages]);
  const lang = recordLang(locale);
  const [selected, setSelected] = useState(() => initialTopicId(topics, null, defaultTitle));
  const counts = useStore($topicCounts);
  const votes = useStore($topicVotes);
  const errors = useStore($topicVoteErrors);
  const pending = useStore($topicVotesPending);
  const root = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  const tabs = useRef<Record<number, HTMLButtonElement | null>>({});
  // The topic a #topic-{id} link named, scrolled into view once it is shown.
  const scrollToTopic = useRef<number | null>(null);
  useEffect(() => {
    if (selected === null || scrollToTopic.current !== selected) return;
    scrollToTopic.current = null;
    bringIntoView(topicAnchor(selected));
  }, [selected]);
  // Whether the bar can scroll further each way: an arrow that cannot is disabled.
  const [edges, setEdges] = useState({ start: true, end: false });

  function measureEdges() {
    const el = bar.current;
    if (!el) return;
    setEdges(barEnds(el));
  }

  /** Scrolls the bar (only the bar, never the page) so a topic's title is in view. */
  function showInBar(id: number) {
    const tab = tabs.current[id];
    if (!bar.current || !tab) return;
    centerTopic(bar.current, tab);
  }

  // The votes the board script marked pressed before this island woke, read with the topic it showed (below).
  const pressedBeforeWaking = useRef<[number, 'up' | 'down'][]>([]);
  // A layout effect, so the island takes over what the page shows in the same step as it hydrates: the board script
  // may have shown another topic meanwhile (React keeps the server's attributes as it hydrates and never rewrites one
  // it believes unchanged), and a key pressed right after waking must move from the topic on screen. A passive effect
  // left a gap in which a key moved from the server's topic, and two topics were shown at once.
  useLayoutEffect(() => {
    // What the page shows now: the topic the board script showed (a click, or a #topic-{id} hash) before this island
    // woke, else the hash's (a page rendered live), else the default topic, which the server rendered.
    // The board script already brought a topic it showed into view: the island leaves the bar's scroll as it is.
    const { shown, pressed } = pageState(root.current, topics);
    pressedBeforeWaking.current = pressed;
    const fromHash = shown ?? initialTopicId(topics, location.hash, defaultTitle);
    setSelected(fromHash);
    // A bar the reader scrolled before the island woke (an arrow, a swipe) stays where the reader left it.
    if (shown === null && fromHash !== null) {
      if (!bar.current?.dataset.scrolled) showInBar(fromHash);
      // A #topic-{id} link brings its topic into view, not only into the bar, once it is shown (effect above).
      if (location.hash === `#${topicAnchor(fromHash)}`) scrollToTopic.current = fromHash;
    }
  }, [topics, defaultTitle]);

  useEffect(() => {
    const pressed = pressedBeforeWaking.current;
    // The votes tapped before waking are sent once the live counts are in, so the counts they answer are shown last.
    void (liveCounts ? loadLiveTopicCounts(districtId) : Promise.resolve()).then(() => {
      for (const [id, vote] of pressed) void castTopicVote(id, vote);
    });
    measureEdges();
    // A #topic-{id} link followed on this page (a search result): show that topic and bring it into view.
    const onHashChange = () => {
      const id = initialTopicId(topics, location.hash, defaultTitle);
      if (id === null || location.hash !== `#${topicAnchor(id)}`) return;
      setSelected(id);
      showInBar(id);
      requestAnimationFrame(() => bringIntoView(topicAnchor(id)));
    };
    window.addEventListener('resize', measureEdges);
    window.addEventListener('hashchange', onHashChange);
    return () => {
      window.removeEventListener('resize', measureEdges);
      window.removeEventListener('hashchange', onHashChange);
    };
  }, [topics, defaultTitle, liveCounts, districtId]);

  if (topics.length === 0) return <p className="empty-state">{t('district.topics.empty')}</p>;

  function scrollTopics(direction: -1 | 1) {
    if (bar.current) scrollBar(bar.current, direction * TOPIC_SCROLL_STEP, reducedMotion() ? 'auto' : 'smooth');
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const next = nextTabIndex(index, event.key, topics.length);
    if (next === null) return;
    event.preventDefault();
    setSelected(topics[next].id);
    tabs.current[topics[next].id]?.focus();
  }

  return (
    <div className="topics" ref={root}>
      <div className="topic-bar-frame">
        <button
          type="button"
          className="icon-button topic-scroll"
          data-scroll-step={-TOPIC_SCROLL_STEP}
          aria-label={t('district.topics.scrollLeft')}
          aria-controls="topic-bar"
          disabled={edges.start}
          onClick={() => scrollTopics(-1)}
        >
          <ChevronIcon direction="left" />
        </button>
        <div
          className="topic-bar"
          id="topic-bar"
          ref={bar}
          role="tablist"
          aria-label={t('district.tabs.topics')}
          onScroll={measureEdges}
        >
          {topics.map((topic, index) => (
            <button
              key={topic.id}
              ref={(el) => {
                tabs.current[topic.id] = el;
              }}
              type="button"
              role="tab"
              id={`topic-tab-${topic.id}`}
              aria-selected={topic.id === selected}
              aria-controls={topicAnchor(topic.id)}
              tabIndex={topic.id === selected ? 0 : -1}
              onClick={() => setSelected(topic.id)}
              onKeyDown={(event) => onKeyDown(event, index)}
              lang={lang}
            >
              {topic.title}
            </button>
          ))}
        </div>
        <button
          type="button"
          className="icon-button topic-scroll"
          data-scroll-step={TOPIC_SCROLL_STEP}
          aria-label={t('district.topics.scrollRight')}
          aria-controls="topic-bar"
          disabled={edges.end}
          onClick={() => scrollTopics(1)}
        >
          <ChevronIcon direction="right" />
        </button>
      </div>
      {topics.map((topic) => {
        const key = String(topic.id);
        const { upvotes, downvotes } = counts[key] ?? topic;
        const vote = votes[key] ?? 'none';
        // Pressed as soon as it is chosen: the vote being written shows at once, and falls back if it fails.
        const shown = pending[key] ?? vote;
        const error = errors[key];
        return (
          <div
            key={topic.id}
            className="topic-detail"
            id={topicAnchor(topic.id)}
            role="tabpanel"
            aria-labelledby={`topic-tab-${topic.id}`}
            hidden={topic.id !== selected}
          >
            <h3 lang={lang}>{topic.title}</h3>
            <div className="rich-text" lang={lang} dangerouslySetInnerHTML={{ __html: topic.descriptionHtml }} />
            <div className="topic-actions">
              <button
                type="button"
                className="vote-button vote-up"
                data-vote="up"
                aria-pressed={shown === 'up'}
                onClick={() => void castTopicVote(topic.id, 'up')}
              >
                <ThumbUpIcon />
                <span className="vote-label">{t('district.topics.upvote')}</span>{' '}
                <span className="vote-count">
                  {locale === 'en' ? formatVoteCount(upvotes) : voteCountText(locale, upvotes)}
                </span>
              </button>
              <button
                type="button"
                className="vote-button vote-down"
                data-vote="down"
                aria-pressed={shown === 'down'}
                onClick={() => void castTopicVote(topic.id, 'down')}
              >
                <ThumbDownIcon />
                <span className="vote-label">{t('district.topics.downvote')}</span>{' '}
                <span className="vote-count">
                  {locale === 'en' ? formatVoteCount(downvotes) : voteCountText(locale, downvotes)}
                </span>
              </button>
              <button
                type="button"
                className="icon-button share-button"
                data-share-path={topicShareUrl('', topic.id)}
                data-copied={locale === 'en' ? undefined : t('district.share.copied')}
                data-copy-prompt={locale === 'en' ? undefined : t('district.share.prompt')}
                aria-label={t('district.topics.share', { title: topic.title })}
              >
                <ShareIcon />
              </button>
            </div>
            <p className="vote-error" role="status">
              {error ? topicVoteFailure(t, error) : ''}
            </p>
          </div>
        );
      })}
    </div>
  );
}
