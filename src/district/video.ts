// The video popup's rules: the video id from a YouTube link, the embed address, and where the popup goes.
import { parseTimestamp } from './timestamps.ts';

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);

/**
 * The video id of a YouTube link in one of three forms: a watch link
 * (youtube.com/watch?v=ID), a short link (youtu.be/ID) or an embed link (youtube.com/embed/ID); null otherwise.
 */
export function videoIdFromLink(link: string | null | undefined): string | null {
  if (!link) return null;
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter(Boolean);
  let id: string | null = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') id = parts.length === 1 ? parts[0] : null;
  else if (YOUTUBE_HOSTS.has(host) && parts.length === 1 && parts[0] === 'watch') id = url.searchParams.get('v');
  else if (YOUTUBE_HOSTS.has(host) && parts.length === 2 && parts[0] === 'embed') id = parts[1];
  return id && VIDEO_ID.test(id) ? id : null;
}

/**
 * The player address for a link and a time stamp: youtube-nocookie.com (no tracking cookies until play), autoplay
 * on, controls off, looping (a single video loops only when it is its own playlist), starting at the time stamp.
 */
export function videoEmbedSrc(link: string, timestamp: string): string | null {
  const id = videoIdFromLink(link);
  if (!id) return null;
  return `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&controls=0&loop=1&playlist=${id}&start=${parseTimestamp(timestamp)}`;
}

/**
 * The whole meeting on YouTube itself, from the time stamp ('Watch the full meeting' beside the popup, whose player has
 * no controls); null when the link yields no video id.
 */
export function videoWatchUrl(link: string, timestamp: string): string | null {
  const id = videoIdFromLink(link);
  if (!id) return null;
  const start = parseTimestamp(timestamp);
  return `https://www.youtube.com/watch?v=${id}${start > 0 ? `&t=${start}s` : ''}`;
}

export interface Size {
  width: number;
  height: number;
}
export interface Point {
  left: number;
  top: number;
}
/** A box in viewport coordinates, as getBoundingClientRect gives it. */
export interface Box {
  top: number;
  left: number;
  bottom: number;
  right: number;
}
export type PopupPlacement = 'above' | 'below' | 'dragged';

export const POPUP_VIDEO_NORMAL: Size = { width: 320, height: 180 };
export const POPUP_VIDEO_EXPANDED: Size = { width: 640, height: 360 };
/** Gap between the popup and the time stamp it belongs to. */
export const POPUP_OFFSET = 10;
/** How far the popup keeps from the viewport's left, right and bottom edges (its top is kept below the navbar). */
export const POPUP_MARGIN = 8;
/** The navbar height used when the navbar cannot be measured. */
export const NAVBAR_FALLBACK_HEIGHT = 80;

/** The video's size: 320x180, or 640x360 expanded, scaled down (16:9 kept) when the viewport is narrower. */
export function popupVideoSize(expanded: boolean, viewportWidth: number, chrome = 0): Size {
  const size = expanded ? POPUP_VIDEO_EXPANDED : POPUP_VIDEO_NORMAL;
  const room = Math.max(0, viewportWidth - chrome - 2 * POPUP_MARGIN);
  if (size.width <= room) return size;
  return { width: Math.floor(room), height: Math.floor((room * 9) / 16) };
}

/** Keeps the popup inside the viewport, a margin from its edges, and never above the navbar's bottom edge. */
export function clampPopup(point: Point, size: Size, viewport: Size, navbarHeight: number): Point {
  return { left: clampLeft(point.left, size, viewport), top: Math.min(Math.max(point.top, navbarHeight), Math.max(navbarHeight, viewport.height - size.height - POPUP_MARGIN)) };
}

/** A left edge kept a margin inside the viewport (at the left margin when the popup is wider than the room). */
function clampLeft(left: number, size: Size, viewport: Size): number {
  return Math.min(Math.max(left, POPUP_MARGIN), Math.max(POPUP_MARGIN, viewport.width - size.width - POPUP_MARGIN));
}

/**
 * Where the popup opens: above the anchor with a 10 px gap, or below it when there is not enough room between the
 * navbar and the anchor; lined up with the anchor's left edge, kept a margin inside the viewport's sides. It is never
 * moved up or down onto the time stamp it opened from.
 */
export function placePopup(anchor: Box, size: Size, viewport: Size, navbarHeight: number): Point & { placement: 'above' | 'below' } {
  const above = anchor.top - POPUP_OFFSET - size.height;
  const placement = above >= navbarHeight ? 'above' : 'below';
  const top = placement === 'above' ? above : anchor.bottom + POPUP_OFFSET;
  return { left: clampLeft(anchor.left, size, viewport), top, placement };
}
