// Topic rules: the vote counter display, the vote transition table, anchors, share links and preselection.
import type { Topic, TopicVote } from '../lib/data/topics';
import type { SafeHtml } from '../lib/sanitize';
import type { RichTextJob } from './richText';

export interface VoteCounts {
  upvotes: number;
  downvotes: number;
}

/** One topic as the Topics tab receives it: the description already sanitised. */
export interface TopicItem {
  id: number;
  title: string;
  descriptionHtml: SafeHtml;
  upvotes: number;
  downvotes: number;
}

/** What of a topic's description is sanitised (no time stamps: a topic has no video); null when it has none. */
export function descriptionJob(topic: Pick<Topic, 'description'>): RichTextJob {
  const html = topic.description?.trim();
  return html ? { html, timestamps: false } : null;
}

/** The Topics tab's item for a topic, given its sanitised description. */
export function topicItem(
  topic: Pick<Topic, 'id' | 'title' | 'upvotes' | 'downvotes'>,
  descriptionHtml: SafeHtml | null,
): TopicItem {
  return {
    id: topic.id,
    title: topic.title,
    descriptionHtml: descriptionHtml ?? ('' as SafeHtml),
    upvotes: topic.upvotes,
    downvotes: topic.downvotes,
  };
}

/** The topic shown first when no #topic-{id} hash names one (matched case-insensitively); else the newest topic. */
export const DEFAULT_TOPIC_TITLE = 'Budget 2025-26';

/** How far one click on the topic bar's arrows scrolls it, in pixels. */
export const TOPIC_SCROLL_STEP = 120;

/** A counter: 1000 or more as one-decimal k (1234 → '1.2k'), below that the number itself. */
export function formatVoteCount(count: number): string {
  if (count < 1000) return String(count);
  return `${(Math.round(count / 100) / 10).toFixed(1)}k`;
}

/**
 * The transition table: what choosing `to` changes when the visitor's vote on the topic is `from`.
 * none→up: +1 up; down→up: +1 up, −1 down; and the mirror images. Choosing the current direction again
 * does nothing (null).
 */
export function topicVoteTransition(from: TopicVote, to: Exclude<TopicVote, 'none'>): VoteCounts | null {
  if (from === to) return null;
  const up = to === 'up' ? 1 : from === 'up' ? -1 : 0;
  const down = to === 'down' ? 1 : from === 'down' ? -1 : 0;
  return { upvotes: up, downvotes: down };
}

/** The counts after a transition, never below zero (what the database function computes, atomically). */
export function applyTopicVote(counts: VoteCounts, from: TopicVote, to: Exclude<TopicVote, 'none'>): VoteCounts {
  const delta = topicVoteTransition(from, to);
  if (!delta) return counts;
  return {
    upvotes: Math.max(0, counts.upvotes + delta.upvotes),
    downvotes: Math.max(0, counts.downvotes + delta.downvotes),
  };
}

/** The window event that wakes the Topics tab's island (client:demand), sent on the first interaction with it. */
export const TOPIC_VOTING_DEMAND = 'topic-voting-demand';

/** The element id (and hash) of a topic. */
export function topicAnchor(id: number): string {
  return `topic-${id}`;
}

/** The topic id a `#topic-{id}` hash names, or null. */
export function topicIdFromHash(hash: string | null | undefined): number | null {
  const match = /^#?topic-(\d+)$/.exec(hash?.trim() ?? '');
  return match ? Number(match[1]) : null;
}

/** The share link of a topic: page URL + ?tab=topics#topic-{id}. */
export function topicShareUrl(pageUrl: string, id: number): string {
  return `${pageUrl}?tab=topics#${topicAnchor(id)}`;
}

/** The topic selected first: the one a #topic-{id} hash names, else the default title (any case), else the first. */
export function initialTopicId(
  topics: { id: number; title: string }[],
  hash: string | null | undefined,
  defaultTitle = DEFAULT_TOPIC_TITLE,
): number | null {
  const fromHash = topicIdFromHash(hash);
  if (fromHash !== null && topics.some((t) => t.id === fromHash)) return fromHash;
  const wanted = defaultTitle.trim().toLowerCase();
  const byTitle = wanted ? topics.find((t) => t.title.trim().toLowerCase() === wanted) : undefined;
  return byTitle?.id ?? topics[0]?.id ?? null;
}
