// The Topics tab: a scrolling bar of topic titles, the selected topic's description, live up/down counters
// and the share link. Every vote change is written through the vote_topic function (see stores/topicVotes.ts).
// On a built page it loads on the first interaction with it: until then the board script shows the topic chosen and
// marks the vote pressed, and when this island wakes it takes that state over (adoptPageState) and sends the vote.
// The share button is the board script's (data-share-path), as a meeting card's is.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from '@nanostores/react';
import { nextTabIndex } from '../tabs';
import { DEFAULT_TOPIC_TITLE, type TopicItem, TOPIC_SCROLL_STEP, formatVoteCount, initialTopicId, topicAnchor, topicShareUrl, topicVoteFailure } from '../topicItems';
import { $topicCounts, $topicVoteErrors, $topicVotes, $topicVotesPending, castTopicVote, loadLiveTopicCounts } from '../stores/topicVotes';
import { ChevronIcon, ShareIcon, ThumbDownIcon, ThumbUpIcon } from '../../components/icons';
import '../view/district.css';
import './TopicVoting.css';

interface Props {
  districtId: number;
  topics: TopicItem[];
  defaultTitle?: string;
  /** Fetch the counts again once hydrated (the district page's are from the build). */
  liveCounts?: boolean;
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
 * Takes over what the board script did before this island woke: returns the topic it shows (null when the page was
 * not touched), and sends each vote it marked pressed (the vote is written now, as if clicked now).
 */
function adoptPageState(root: HTMLElement | null, topics: TopicItem[]): number | null {
  if (!root) return null;
  const chosen = root.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
  const id = chosen ? Number(chosen.id.replace('topic-tab-', '')) : null;
  for (const topic of topics) {
    const pressed = root.querySelector<HTMLElement>(`#${topicAnchor(topic.id)} [data-vote][aria-pressed="true"]`)?.dataset.vote;
    if ((pressed === 'up' || pressed === 'down') && ($topicVotes.get()[String(topic.id)] ?? 'none') === 'none') void castTopicVote(topic.id, pressed);
  }
  return id !== null && topics.some((topic) => topic.id === id) ? id : null;
}

export default function TopicVoting({ districtId, topics, defaultTitle = DEFAULT_TOPIC_TITLE, liveCounts = true }: Props) {
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
    setEdges({ start: el.scrollLeft <= 1, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 1 });
  }

  /** Scrolls the bar (only the bar, never the page) so a topic's title is in view. */
  function showInBar(id: number) {
    const tab = tabs.current[id];
    if (!bar.current || !tab) return;
    bar.current.scrollLeft = tab.offsetLeft - (bar.current.clientWidth - tab.offsetWidth) / 2;
  }

  useEffect(() => {
    // What the page shows now: the topic the board script showed (a click, or a #topic-{id} hash) before this island
    // woke, else the hash's (a page rendered live), else the default topic, which the server rendered.
    const shown = adoptPageState(root.current, topics);
    const fromHash = shown ?? initialTopicId(topics, location.hash, defaultTitle);
    setSelected(fromHash);
    if (fromHash !== null) showInBar(fromHash);
    // A #topic-{id} link brings its topic into view, not only into the bar, once it is shown (effect below).
    if (fromHash !== null && location.hash === `#${topicAnchor(fromHash)}`) scrollToTopic.current = fromHash;
    if (liveCounts) void loadLiveTopicCounts(districtId);
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

  if (topics.length === 0) return <p className="empty-state">No topics found.</p>;


  function scrollBar(direction: -1 | 1) {
    bar.current?.scrollBy({ left: direction * TOPIC_SCROLL_STEP, behavior: reducedMotion() ? 'auto' : 'smooth' });
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
        <button type="button" className="icon-button topic-scroll" data-scroll-step={-TOPIC_SCROLL_STEP} aria-label="Scroll topics left" aria-controls="topic-bar" disabled={edges.start} onClick={() => scrollBar(-1)}>
          <ChevronIcon direction="left" />
        </button>
        <div className="topic-bar" id="topic-bar" ref={bar} role="tablist" aria-label="Topics" onScroll={measureEdges}>
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
            >
              {topic.title}
            </button>
          ))}
        </div>
        <button type="button" className="icon-button topic-scroll" data-scroll-step={TOPIC_SCROLL_STEP} aria-label="Scroll topics right" aria-controls="topic-bar" disabled={edges.end} onClick={() => scrollBar(1)}>
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
          <div key={topic.id} className="topic-detail" id={topicAnchor(topic.id)} role="tabpanel" aria-labelledby={`topic-tab-${topic.id}`} hidden={topic.id !== selected}>
            <h3>{topic.title}</h3>
            <div className="rich-text" dangerouslySetInnerHTML={{ __html: topic.descriptionHtml }} />
            <div className="topic-actions">
              <button type="button" className="vote-button vote-up" data-vote="up" aria-pressed={shown === 'up'} onClick={() => void castTopicVote(topic.id, 'up')}>
                <ThumbUpIcon />
                <span className="vote-label">Upvote</span>{' '}
                <span className="vote-count">{formatVoteCount(upvotes)}</span>
              </button>
              <button type="button" className="vote-button vote-down" data-vote="down" aria-pressed={shown === 'down'} onClick={() => void castTopicVote(topic.id, 'down')}>
                <ThumbDownIcon />
                <span className="vote-label">Downvote</span>{' '}
                <span className="vote-count">{formatVoteCount(downvotes)}</span>
              </button>
              <button
                type="button"
                className="icon-button share-button"
                data-share-path={topicShareUrl('', topic.id)}
                aria-label={`Copy a link to the topic ${topic.title}`}
              >
                <ShareIcon />
              </button>
            </div>
            <p className="vote-error" role="status">
              {error ? topicVoteFailure(error) : ''}
            </p>
          </div>
        );
      })}
    </div>
  );
}
