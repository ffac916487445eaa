// Time stamps in meeting summaries open the video popup, with one delegated listener for the whole page (cards
// rendered later, on the live path, are covered too). Expand/Minimize and share need no module: the board script
// (browser/boardScript.ts) handles them as soon as the HTML is shown.
import { TIMESTAMP_CLASS } from '../../lib/record/timestamps';
import { openVideoPopup } from '../stores/videoPopup';

function onClick(event: MouseEvent): void {
  if (!(event.target instanceof Element)) return;
  const stamp = event.target.closest<HTMLElement>(`button.${TIMESTAMP_CLASS}`);
  if (!stamp) return;
  const link = stamp.closest<HTMLElement>('[data-youtube-link]')?.dataset.youtubeLink;
  if (link && stamp.dataset.timestamp) {
    openVideoPopup({
      timestamp: stamp.dataset.timestamp,
      youtubeLink: link,
      anchor: stamp.getBoundingClientRect(),
      from: stamp,
    });
  }
}

let listening = false;

/** Installs the page's time stamp listener once; later calls do nothing. */
export function listenToTimestamps(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('click', onClick);
}
