// client:demand="event-name ?param": an island that hydrates when the window receives that event, or at the reader's
// first focus, tap, click, key or change inside the island itself, and not before. Its host sends the event when the
// island is wanted from elsewhere: the video popup's when a time stamp is first clicked, the district page's board
// script at the first interaction with a widget, so reading a district page loads no React at all. An island that no
// host wakes (the alert form on the record search, in its closed <details>) loads when the reader first touches it.
// A `?param` word wakes the island as soon as the browser is idle when the address carries that parameter: a search
// link (/search?q=palo) shows its suggestions without waiting for a touch. The word `press` replays, once hydrated, a
// press on a plain button made before (the email link's one button): only where nothing else answers that press
// meanwhile. On the district page the board script answers the first tap on a
// sleeping island (a column sorted, the topic bar scrolled) and the island takes that state over; a replayed press
// there would do it twice.
// Nothing the reader does before hydration is lost: the islands read what was typed or chosen from the page when they
// wake, a form sent before hydration is held and sent again once hydrated, and so is a press on a plain button.
import type { ClientDirective } from 'astro';

/** The events that wake a sleeping island: its first focus, tap, click, key or change. */
export const WAKING_EVENTS = ['focusin', 'pointerdown', 'click', 'keydown', 'change'] as const;

/** What the directive's value asks for: the window event that wakes the island, and the address parameters that do. */
export function demandOptions(value: unknown): { event: string; params: string[]; press: boolean } {
  const words = typeof value === 'string' ? value.split(/\s+/).filter(Boolean) : [];
  const event = words.find((word) => !word.startsWith('?') && word !== 'press') ?? 'island-demand';
  const params = words.filter((word) => word.startsWith('?') && word.length > 1).map((word) => word.slice(1));
  return { event, params, press: words.includes('press') };
}

/** Whether the address names a non-blank value for one of the parameters. */
export function addressAsks(search: string, params: readonly string[]): boolean {
  const query = new URLSearchParams(search);
  return params.some((param) => (query.get(param) ?? '').trim() !== '');
}

const demand: ClientDirective = (load, options, island) => {
  const { event, params, press } = demandOptions(options.value);
  let woken = false;
  let hydrated = false;
  // A form sent, or a plain button pressed, before hydration: done again once the island's handlers are there.
  let heldSubmit: { form: HTMLFormElement; submitter: HTMLElement | null } | null = null;
  let pressed: HTMLButtonElement | null = null;

  const hold = (submit: Event) => {
    if (hydrated || !(submit.target instanceof window.HTMLFormElement)) return;
    submit.preventDefault();
    heldSubmit = { form: submit.target, submitter: (submit as SubmitEvent).submitter };
    void wake();
  };
  const notePress = (click: Event) => {
    const button = click.target instanceof window.Element ? click.target.closest('button') : null;
    if (press && !hydrated && button?.type === 'button') pressed = button;
  };
  /** Sends the held form (through the island's handler once hydrated, or the browser's own GET if loading failed). */
  const replay = () => {
    island.removeEventListener('submit', hold, true);
    island.removeEventListener('click', notePress, true);
    const held = heldSubmit;
    if (held?.form.isConnected) {
      // A click on the button that sent it, not a bare submit event: React replays a click that reaches an island
      // still hydrating (it finishes hydrating first), but drops a submit event.
      const submitter =
        held.submitter instanceof window.HTMLButtonElement &&
        held.form.contains(held.submitter) &&
        !held.submitter.disabled
          ? held.submitter
          : null;
      if (submitter) submitter.click();
      else held.form.requestSubmit();
    } else if (pressed?.isConnected && !pressed.disabled) pressed.click();
  };

  const wake = async () => {
    if (woken) return;
    woken = true;
    window.removeEventListener(event, wake);
    for (const type of WAKING_EVENTS) island.removeEventListener(type, wake, true);
    try {
      const hydrate = await load();
      await hydrate();
      hydrated = true;
      // React hydrates in a transition, which may still be under way: the replayed click makes it finish first.
      setTimeout(replay, 0);
    } catch (error) {
      hydrated = true;
      replay();
      throw error;
    }
  };
  window.addEventListener(event, wake);
  // Heard before the island's own handlers (capture), so it starts loading at the first sign of interest.
  for (const type of WAKING_EVENTS) island.addEventListener(type, wake, { capture: true, passive: true });
  island.addEventListener('submit', hold, true);
  island.addEventListener('click', notePress, true);
  if (params.length > 0 && addressAsks(window.location.search, params)) {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => void wake(), { timeout: 2000 });
    else setTimeout(() => void wake(), 200);
  }
};

export default demand;
