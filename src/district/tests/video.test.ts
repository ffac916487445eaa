// The video popup's rules: its size and where it goes.
import { describe, expect, it } from 'vitest';
import { NAVBAR_FALLBACK_HEIGHT, POPUP_OFFSET, clampPopup, placePopup, popupVideoSize } from '../video';

describe('popupVideoSize: 320x180, or 640x360 expanded, scaled to fit a narrow viewport', () => {
  it.each([
    [false, 1280, { width: 320, height: 180 }],
    [true, 1280, { width: 640, height: 360 }],
    [true, 672, { width: 640, height: 360 }],
    [true, 656, { width: 624, height: 351 }],
    [true, 500, { width: 468, height: 263 }],
    [true, 375, { width: 343, height: 192 }],
    [false, 320, { width: 288, height: 162 }],
  ])('expanded=%j in a %i px viewport, 8 px from each side → %j', (expanded, width, size) => {
    expect(popupVideoSize(expanded, width, 16)).toEqual(size);
  });
});

describe('placePopup: above the anchor with a 10 px gap, or below when there is no room under the navbar', () => {
  const size = { width: 336, height: 250 };
  const viewport = { width: 1280, height: 900 };
  const nav = 64;
  it.each([
    [
      'room above: above, bottom edge 10 px over the anchor',
      { top: 600, bottom: 625, left: 100, right: 160 },
      { left: 100, top: 600 - POPUP_OFFSET - 250, placement: 'above' },
    ],
    [
      'exactly enough room above',
      { top: 64 + 250 + 10, bottom: 349, left: 100, right: 160 },
      { left: 100, top: 64, placement: 'above' },
    ],
    [
      'one pixel short: below, 10 px under the anchor',
      { top: 64 + 250 + 9, bottom: 348, left: 100, right: 160 },
      { left: 100, top: 348 + POPUP_OFFSET, placement: 'below' },
    ],
    [
      'near the top: below',
      { top: 100, bottom: 125, left: 100, right: 160 },
      { left: 100, top: 135, placement: 'below' },
    ],
    [
      'near the right edge: kept 8 px inside',
      { top: 600, bottom: 625, left: 1200, right: 1260 },
      { left: 1280 - 336 - 8, top: 340, placement: 'above' },
    ],
    [
      'at the left edge: kept 8 px inside',
      { top: 600, bottom: 625, left: 0, right: 60 },
      { left: 8, top: 340, placement: 'above' },
    ],
    [
      'below but near the bottom: still below, never over the time stamp',
      { top: 100, bottom: 800, left: 0, right: 50 },
      { left: 8, top: 810, placement: 'below' },
    ],
  ])('%s', (_label, anchor, expected) => {
    expect(placePopup(anchor, size, viewport, nav)).toEqual(expected);
  });
});

describe('clampPopup: dragging stays 8 px inside the viewport and below the navbar', () => {
  const size = { width: 336, height: 250 };
  const viewport = { width: 1280, height: 900 };
  it.each([
    [{ left: 200, top: 300 }, NAVBAR_FALLBACK_HEIGHT, { left: 200, top: 300 }],
    [{ left: -50, top: 0 }, NAVBAR_FALLBACK_HEIGHT, { left: 8, top: 80 }],
    [{ left: -50, top: 0 }, 64, { left: 8, top: 64 }],
    [{ left: 5000, top: 5000 }, 80, { left: 936, top: 642 }],
    [{ left: 10, top: 79 }, 80, { left: 10, top: 80 }],
  ])('%j with a %i px navbar → %j', (point, nav, expected) => {
    expect(clampPopup(point, size, viewport, nav)).toEqual(expected);
  });

  it('keeps the top below the navbar even in a viewport shorter than the popup', () => {
    expect(clampPopup({ left: 0, top: 0 }, size, { width: 320, height: 200 }, 80)).toEqual({ left: 8, top: 80 });
  });
});
