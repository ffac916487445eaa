// The topic bar's scrolling, the same in either writing direction: its arrows scroll toward its start or its end (the
// left and right of a left-to-right page, the right and left of a right-to-left one), each disabled at its end, and a
// topic is brought to the bar's middle. Used by the Topics island and, before it wakes, by the board script.

/** +1 when the bar runs left to right, -1 when it runs right to left (Arabic, Hebrew). */
export function barDirection(bar: HTMLElement): 1 | -1 {
  return bar.ownerDocument.defaultView?.getComputedStyle(bar).direction === 'rtl' ? -1 : 1;
}

/**
 * Whether the bar is scrolled to its start and to its end. A right-to-left bar's scrollLeft runs from 0 down to minus
 * its overflow, so its distance from the start is the absolute value.
 */
export function barEnds(bar: HTMLElement): { start: boolean; end: boolean } {
  const scrolled = Math.abs(bar.scrollLeft);
  return { start: scrolled <= 1, end: scrolled + bar.clientWidth >= bar.scrollWidth - 1 };
}

/** Scrolls the bar by `step` pixels toward its end (a negative step: toward its start). */
export function scrollBar(bar: HTMLElement, step: number, behavior: ScrollBehavior = 'auto'): void {
  bar.scrollBy({ left: step * barDirection(bar), behavior });
}

/** Scrolls the bar (only the bar, never the page) so a topic's title is in its middle. */
export function centerTopic(bar: HTMLElement, tab: HTMLElement): void {
  const barBox = bar.getBoundingClientRect();
  const tabBox = tab.getBoundingClientRect();
  bar.scrollLeft += tabBox.left + tabBox.width / 2 - (barBox.left + barBox.width / 2);
}
