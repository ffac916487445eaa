// What meeting cards do in the browser, with one delegated listener for the whole page (cards rendered later,
// on the live path, are covered too): Expand/Minimize, the share link, and time stamps opening the video popup.
import { meetingShareUrl, meetingToggleVerb } from '../lib/meetings';
import { copyShareLink, pageUrl } from '../lib/share';
import { TIMESTAMP_CLASS } from '../lib/timestamps';
import { openVideoPopup } from '../stores/videoPopup';

/** Expands or collapses a card's summary; the button's verb says what it will do next (its meeting stays named after it). */
export function setMeetingExpanded(toggle: HTMLElement, expanded: boolean): void {
  const summary = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  if (!summary) return;
  summary.hidden = !expanded;
  toggle.setAttribute('aria-expanded', String(expanded));
  const verb = toggle.querySelector('.meeting-toggle-verb');
  if (verb) verb.textContent = meetingToggleVerb(expanded);
}

/** When the address's hash names a meeting card (#meeting-MM-DD-YY), that card expands and scrolls into view. */
export function revealMeetingFromHash(): void {
  const id = decodeURIComponent(location.hash.slice(1));
  if (!id.startsWith('meeting-')) return;
  const card = document.getElementById(id);
  if (!card?.classList.contains('meeting-card')) return;
  const toggle = card.querySelector<HTMLElement>('.meeting-toggle');
  if (toggle) setMeetingExpanded(toggle, true);
  card.scrollIntoView({ block: 'start' });
}

function onClick(event: MouseEvent): void {
  if (!(event.target instanceof Element)) return;
  const stamp = event.target.closest<HTMLElement>(`button.${TIMESTAMP_CLASS}`);
  if (stamp) {
    const link = stamp.closest<HTMLElement>('[data-youtube-link]')?.dataset.youtubeLink;
    if (link && stamp.dataset.timestamp) {
      openVideoPopup({ timestamp: stamp.dataset.timestamp, youtubeLink: link, anchor: stamp.getBoundingClientRect(), from: stamp });
    }
    return;
  }
  const toggle = event.target.closest<HTMLElement>('button.meeting-toggle');
  if (toggle) {
    setMeetingExpanded(toggle, toggle.getAttribute('aria-expanded') !== 'true');
    return;
  }
  const share = event.target.closest<HTMLElement>('button[data-share-anchor]');
  if (share?.dataset.shareAnchor) void copyShareLink(meetingShareUrl(pageUrl(location), share.dataset.shareAnchor));
}

let listening = false;

/** Installs the page's listeners once; later calls do nothing. */
export function listenToMeetingCards(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('click', onClick);
  window.addEventListener('hashchange', revealMeetingFromHash);
}
