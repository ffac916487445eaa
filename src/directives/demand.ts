// client:demand="event-name": an island that hydrates when the window receives that event, or at the reader's first
// focus, tap, click, key or change inside the island itself, and not before. Its host sends the event when the island
// is wanted from elsewhere: the video popup's when a time stamp is first clicked, the district page's board script at
// the first interaction with a widget, so reading a district page loads no React at all. An island that no host wakes
// (the alert form on the record search, in its closed <details>) loads when the reader first touches it.
import type { ClientDirective } from 'astro';

/** The events that wake a sleeping island: its first focus, tap, click, key or change. */
export const WAKING_EVENTS = ['focusin', 'pointerdown', 'click', 'keydown', 'change'] as const;

const demand: ClientDirective = (load, options, island) => {
  const event = typeof options.value === 'string' && options.value ? options.value : 'island-demand';
  let woken = false;
  const wake = async () => {
    if (woken) return;
    woken = true;
    window.removeEventListener(event, wake);
    for (const type of WAKING_EVENTS) island.removeEventListener(type, wake, true);
    const hydrate = await load();
    await hydrate();
  };
  window.addEventListener(event, wake);
  // Heard before the island's own handlers (capture), so it starts loading at the first sign of interest.
  for (const type of WAKING_EVENTS) island.addEventListener(type, wake, { capture: true, passive: true });
};

export default demand;
