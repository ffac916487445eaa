// A meeting's video link: the video id of a YouTube link (the importer checks it; a summary's time stamps become
// buttons only with one), the popup's player address and the whole meeting on YouTube from a time stamp.
import { parseTimestamp } from './timestamps.ts';

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
  'youtube-nocookie.com',
  'www.youtube-nocookie.com',
]);

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
