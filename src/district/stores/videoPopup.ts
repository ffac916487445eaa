// The one video popup's state, shared by the delegated time stamp listener (plain script) and the popup island.
import { atom } from 'nanostores';
import { videoEmbedSrc } from '../../lib/record/videoLinks';
import type { Box, Point, PopupPlacement } from '../video';

export interface VideoPopupState {
  timestamp: string;
  youtubeLink: string;
  /** The embed address derived from the link and the time stamp. */
  src: string;
  /** The clicked time stamp's box (viewport coordinates) when the popup opened. */
  anchor: Box;
  expanded: boolean;
  /** Null until the island has measured the popup and placed it next to the anchor. */
  position: Point | null;
  placement: PopupPlacement | null;
}

export const $videoPopup = atom<VideoPopupState | null>(null);

/** The window event that hydrates the popup island (client:demand): it loads when the first time stamp is clicked. */
export const VIDEO_POPUP_DEMAND = 'video-popup-demand';

// Where focus goes back to when the popup closes; an element, so kept beside the state rather than in it.
let opener: HTMLElement | null = null;

/**
 * Opens the popup at a time stamp of a video. A link that yields no video id opens nothing (returns false),
 * since a link must be a watch, short or embed link to yield a video id.
 */
export function openVideoPopup(request: {
  timestamp: string;
  youtubeLink: string;
  anchor: Box;
  from?: HTMLElement | null;
}): boolean {
  const src = videoEmbedSrc(request.youtubeLink, request.timestamp);
  if (!src) return false;
  opener = request.from ?? null;
  const { top, left, bottom, right } = request.anchor;
  $videoPopup.set({
    timestamp: request.timestamp,
    youtubeLink: request.youtubeLink,
    src,
    anchor: { top, left, bottom, right },
    expanded: false,
    position: null,
    placement: null,
  });
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(VIDEO_POPUP_DEMAND));
  return true;
}

/** Closes the popup; returns the element that opened it, so focus can go back there. */
export function closeVideoPopup(): HTMLElement | null {
  $videoPopup.set(null);
  const from = opener;
  opener = null;
  return from;
}

/** Switches between the normal (320x180) and the expanded (640x360) size. */
export function toggleVideoPopupSize(): void {
  const state = $videoPopup.get();
  if (state) $videoPopup.set({ ...state, expanded: !state.expanded });
}

/** Puts the popup where the island computed it should go (above or below the anchor, or kept in view). */
export function placeVideoPopup(position: Point, placement: PopupPlacement): void {
  const state = $videoPopup.get();
  if (state) $videoPopup.set({ ...state, position, placement });
}

/** Moves the popup where the visitor dragged it; from then on it stays there. */
export function moveVideoPopup(position: Point): void {
  placeVideoPopup(position, 'dragged');
}
