// The video popup's rules: its size and where it goes (its player's address is the record's own rule,
// src/lib/record/videoLinks.ts).

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
  return {
    left: clampLeft(point.left, size, viewport),
    top: Math.min(
      Math.max(point.top, navbarHeight),
      Math.max(navbarHeight, viewport.height - size.height - POPUP_MARGIN),
    ),
  };
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
export function placePopup(
  anchor: Box,
  size: Size,
  viewport: Size,
  navbarHeight: number,
): Point & { placement: 'above' | 'below' } {
  const above = anchor.top - POPUP_OFFSET - size.height;
  const placement = above >= navbarHeight ? 'above' : 'below';
  const top = placement === 'above' ? above : anchor.bottom + POPUP_OFFSET;
  return { left: clampLeft(anchor.left, size, viewport), top, placement };
}
