// A meeting's video link: the video id from each link form, the popup's player address, the whole meeting on YouTube.
import { describe, expect, it } from 'vitest';
import { videoEmbedSrc, videoIdFromLink, videoWatchUrl } from '../../src/lib/record/videoLinks';

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
    [
      'https://www.youtube.com/watch?v=aBcDeFgHiJ1',
      '12:45',
      'https://www.youtube-nocookie.com/embed/aBcDeFgHiJ1?autoplay=1&controls=0&loop=1&playlist=aBcDeFgHiJ1&start=765',
    ],
    [
      'https://youtu.be/Qx7mN2pLk4Z',
      '1:12:40',
      'https://www.youtube-nocookie.com/embed/Qx7mN2pLk4Z?autoplay=1&controls=0&loop=1&playlist=Qx7mN2pLk4Z&start=4360',
    ],
    [
      'https://www.youtube.com/embed/Zt3vWq8Rb5K',
      'nonsense',
      'https://www.youtube-nocookie.com/embed/Zt3vWq8Rb5K?autoplay=1&controls=0&loop=1&playlist=Zt3vWq8Rb5K&start=0',
    ],
    ['https://vimeo.com/1', '3:07', null],
  ])('%s at %s', (link, timestamp, src) => {
    expect(videoEmbedSrc(link, timestamp)).toBe(src);
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
