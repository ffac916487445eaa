// The video popup's rules: video id from each link form, the embed address, and the popup's geometry.
import { describe, expect, it } from 'vitest';
import { NAVBAR_FALLBACK_HEIGHT, POPUP_OFFSET, clampPopup, placePopup, popupVideoSize, videoEmbedSrc, videoIdFromLink, videoWatchUrl } from '../video';

describe('videoIdFromLink: a watch, short-link or embed link yields the id; anything else none', () => {
  it.each([
    ['watch', 'https://www.youtube.com/watch?v=aBcDeFgHiJ1', 'aBcDeFgHiJ1'],
    ['watch with more parameters', 'https://www.youtube.com/watch?v=Lm4Np7Qr2Sx&t=10s', 'Lm4Np7Qr2Sx'],
    ['watch, v not first', 'https://www.youtube.com/watch?feature=share&v=Lm4Np7Qr2Sx', 'Lm4Np7Qr2Sx'],
    ['watch without www', 'https://youtube.com/watch?v=aBcDeFgHiJ1', 'aBcDeFgHiJ1'],
    ['watch on mobile', 'https://m.youtube.com/watch?v=aBcDeFgHiJ1', 'aBcDeFgHiJ1'],
    ['watch over http', 'http://www.youtube.com/watch?v=aBcDeFgHiJ1', 'aBcDeFgHiJ1'],
    ['short link', 'https://youtu.be/Qx7mN2pLk4Z', 'Qx7mN2pLk4Z'],
    ['short link with a start time', 'https://youtu.be/Qx7mN2pLk4Z?t=42', 'Qx7mN2pLk4Z'],
    ['embed', 'https://www.youtube.com/embed/Zt3vWq8Rb5K', 'Zt3vWq8Rb5K'],
    ['embed, no-cookie', 'https://www.youtube-nocookie.com/embed/Zt3vWq8Rb5K?start=3', 'Zt3vWq8Rb5K'],
    ['embed with ids using - and _', 'https://www.youtube.com/embed/a-b_c-d_e-f', 'a-b_c-d_e-f'],
    ['another site', 'https://vimeo.com/123456789', null],
    ['a look-alike host', 'https://www.youtube.com.evil.example/watch?v=aBcDeFgHiJ1', null],
    ['a channel page', 'https://www.youtube.com/@pausd', null],
    ['watch without v', 'https://www.youtube.com/watch?list=PL123', null],
    ['an id of the wrong length', 'https://youtu.be/short', null],
    ['an id with bad characters', 'https://www.youtube.com/watch?v=aBcDe%3CHiJ1', null],
    ['a shorts link (not one of the three forms)', 'https://www.youtube.com/shorts/aBcDeFgHiJ1', null],
    ['a javascript: link', 'javascript:alert(1)//youtu.be/aBcDeFgHiJ1', null],
    ['not a link', 'see the video', null],
    ['empty', '', null],
    ['missing', null, null],
  ])('%s', (_label, link, id) => {
    expect(videoIdFromLink(link)).toBe(id);
  });
});

describe('videoEmbedSrc: youtube-nocookie, autoplay on, controls off, looping, starting at the time stamp', () => {
  it.each([
    ['https://www.youtube.com/watch?v=aBcDeFgHiJ1', '12:45', 'https://www.youtube-nocookie.com/embed/aBcDeFgHiJ1?autoplay=1&controls=0&loop=1&playlist=aBcDeFgHiJ1&start=765'],
    ['https://youtu.be/Qx7mN2pLk4Z', '1:12:40', 'https://www.youtube-nocookie.com/embed/Qx7mN2pLk4Z?autoplay=1&controls=0&loop=1&playlist=Qx7mN2pLk4Z&start=4360'],
    ['https://www.youtube.com/embed/Zt3vWq8Rb5K', 'nonsense', 'https://www.youtube-nocookie.com/embed/Zt3vWq8Rb5K?autoplay=1&controls=0&loop=1&playlist=Zt3vWq8Rb5K&start=0'],
    ['https://vimeo.com/1', '3:07', null],
  ])('%s at %s', (link, timestamp, src) => {
    expect(videoEmbedSrc(link, timestamp)).toBe(src);
  });
});

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
    ['room above: above, bottom edge 10 px over the anchor', { top: 600, bottom: 625, left: 100, right: 160 }, { left: 100, top: 600 - POPUP_OFFSET - 250, placement: 'above' }],
    ['exactly enough room above', { top: 64 + 250 + 10, bottom: 349, left: 100, right: 160 }, { left: 100, top: 64, placement: 'above' }],
    ['one pixel short: below, 10 px under the anchor', { top: 64 + 250 + 9, bottom: 348, left: 100, right: 160 }, { left: 100, top: 348 + POPUP_OFFSET, placement: 'below' }],
    ['near the top: below', { top: 100, bottom: 125, left: 100, right: 160 }, { left: 100, top: 135, placement: 'below' }],
    ['near the right edge: kept 8 px inside', { top: 600, bottom: 625, left: 1200, right: 1260 }, { left: 1280 - 336 - 8, top: 340, placement: 'above' }],
    ['at the left edge: kept 8 px inside', { top: 600, bottom: 625, left: 0, right: 60 }, { left: 8, top: 340, placement: 'above' }],
    ['below but near the bottom: still below, never over the time stamp', { top: 100, bottom: 800, left: 0, right: 50 }, { left: 8, top: 810, placement: 'below' }],
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

describe('videoWatchUrl: the whole meeting on YouTube, from the time stamp', () => {
  it.each([
    ['https://www.youtube.com/watch?v=aBcDeFgHiJ1', '12:45', 'https://www.youtube.com/watch?v=aBcDeFgHiJ1&t=765s'],
    ['https://youtu.be/Qx7mN2pLk4Z', '1:02:03', 'https://www.youtube.com/watch?v=Qx7mN2pLk4Z&t=3723s'],
    ['https://www.youtube.com/embed/Zt3vWq8Rb5K', '0:00', 'https://www.youtube.com/watch?v=Zt3vWq8Rb5K'],
    ['https://example.org/video', '1:00', null],
  ])('%s at %s → %s', (link, timestamp, url) => expect(videoWatchUrl(link, timestamp)).toBe(url));
});
