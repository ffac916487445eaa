// The one floating video player: opens next to the clicked time stamp (above it, or below when there is no room
// under the navbar), can be dragged (kept in the viewport, below the navbar) or moved with the arrow keys,
// switches between 320x180 and 640x360, and closes with its button or Escape. The embed exists only while open.
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import type { Catalogue } from '../../i18n/translate';
import { districtWords, type Locale } from '../words';
import { useStore } from '@nanostores/react';
import {
  $videoPopup,
  closeVideoPopup,
  moveVideoPopup,
  placeVideoPopup,
  toggleVideoPopupSize,
} from '../stores/videoPopup';
import { NAVBAR_FALLBACK_HEIGHT, clampPopup, placePopup, popupVideoSize, type Size } from '../video';
import { videoWatchUrl } from '../../lib/record/videoLinks';
import { useHydrated } from '../../lib/browser/hydrated';
import { CloseIcon, ExpandIcon } from '../../components/Icons';
import '../view/district.css';
import './VideoPopup.css';

/** The popup's frame around the video (border and padding on each side), in pixels. */
const FRAME = 8;
/** How far one arrow key press moves the popup (Shift: five times as far). */
const KEY_STEP = 10;

function viewport(): Size {
  return { width: document.documentElement.clientWidth, height: window.innerHeight };
}

function navbarHeight(): number {
  return document.querySelector<HTMLElement>('.navbar')?.offsetHeight || NAVBAR_FALLBACK_HEIGHT;
}

interface Props {
  /** The page's language. */
  locale?: Locale;
  /** This island's messages in that language (VIDEO_POPUP_KEYS, picked from its catalogue). */
  messages: Catalogue;
}

export default function VideoPopup({ locale = 'en', messages }: Props) {
  const t = useMemo(() => districtWords(locale, messages), [locale, messages]);
  // The island hydrates on the first time stamp click, when the store already holds that request: render it closed
  // first, as the server did, so hydration matches, then open.
  const hydrated = useHydrated();
  const stored = useStore($videoPopup);
  const state = hydrated ? stored : null;
  const popup = useRef<HTMLDivElement>(null);
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  const [viewportWidth, setViewportWidth] = useState(0);

  const open = state !== null;
  const video = popupVideoSize(state?.expanded ?? false, viewportWidth || Number.POSITIVE_INFINITY, FRAME * 2);
  // The player has no controls: the whole meeting is one link away, on YouTube.
  const watchUrl = state ? videoWatchUrl(state.youtubeLink, state.timestamp) : null;

  // Place the popup once its size is known: on opening, after a size toggle, and when the window is resized.
  useLayoutEffect(() => {
    if (!state || !popup.current) return;
    const size = { width: popup.current.offsetWidth, height: popup.current.offsetHeight };
    if (state.placement === 'dragged' && state.position) {
      const kept = clampPopup(state.position, size, viewport(), navbarHeight());
      if (kept.left !== state.position.left || kept.top !== state.position.top) moveVideoPopup(kept);
      return;
    }
    const { placement, ...position } = placePopup(state.anchor, size, viewport(), navbarHeight());
    if (state.position?.left !== position.left || state.position?.top !== position.top || state.placement !== placement)
      placeVideoPopup(position, placement);
  }, [state, viewportWidth]);

  // Focus moves into the popup once it is placed (a hidden element cannot take focus), so keyboard users
  // can reach its controls at once.
  const placed = state?.position != null;
  useEffect(() => {
    if (placed) popup.current?.focus();
  }, [placed, state?.src]);

  useEffect(() => {
    if (!open) return;
    const onResize = () => setViewportWidth(viewport().width);
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    onResize();
    window.addEventListener('resize', onResize);
    document.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('resize', onResize);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!state) return null;

  function close() {
    const focusWasInside = popup.current?.contains(document.activeElement) || document.activeElement === document.body;
    const opener = closeVideoPopup();
    if (focusWasInside && opener?.isConnected) opener.focus();
  }

  function moveTo(left: number, top: number) {
    if (!popup.current) return;
    const size = { width: popup.current.offsetWidth, height: popup.current.offsetHeight };
    moveVideoPopup(clampPopup({ left, top }, size, viewport(), navbarHeight()));
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0 || !state?.position) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { dx: event.clientX - state.position.left, dy: event.clientY - state.position.top };
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (drag.current) moveTo(event.clientX - drag.current.dx, event.clientY - drag.current.dy);
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    drag.current = null;
    if (event.currentTarget.hasPointerCapture(event.pointerId))
      event.currentTarget.releasePointerCapture(event.pointerId);
  }

  function onHandleKey(event: KeyboardEvent<HTMLDivElement>) {
    const step = event.shiftKey ? KEY_STEP * 5 : KEY_STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move || !state?.position) return;
    event.preventDefault();
    moveTo(state.position.left + move[0], state.position.top + move[1]);
  }

  return (
    <div
      ref={popup}
      className="video-popup"
      role="dialog"
      aria-labelledby="video-popup-title"
      tabIndex={-1}
      data-placement={state.placement ?? undefined}
      style={{
        left: state.position?.left ?? 0,
        top: state.position?.top ?? 0,
        width: video.width + FRAME * 2,
        visibility: placed ? 'visible' : 'hidden',
      }}
    >
      <div className="video-popup-bar">
        {/* Not a button: pressing it does nothing. It is dragged with a pointer, or focused and moved with the arrow keys. */}
        {/* eslint-disable-next-line jsx-a11y-x/no-static-element-interactions -- a move handle: ARIA has no role for one */}
        <div
          className="video-popup-handle"
          // eslint-disable-next-line jsx-a11y-x/no-noninteractive-tabindex -- the keyboard reaches the handle and moves it
          tabIndex={0}
          id="video-popup-title"
          aria-describedby="video-popup-move-help"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onHandleKey}
        >
          {t('district.video.handle', { time: state.timestamp })}
        </div>
        <span className="visually-hidden" id="video-popup-move-help">
          {t('district.video.moveHelp')}
        </span>
        <button
          type="button"
          className="icon-button"
          aria-label={t(state.expanded ? 'district.video.shrink' : 'district.video.expand')}
          onClick={toggleVideoPopupSize}
        >
          <ExpandIcon expanded={state.expanded} />
        </button>
        <button type="button" className="icon-button" aria-label={t('district.video.close')} onClick={close}>
          <CloseIcon />
        </button>
      </div>
      <iframe
        key={state.src}
        src={state.src}
        title={t('district.video.frameTitle', { time: state.timestamp })}
        width={video.width}
        height={video.height}
        allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
        referrerPolicy="strict-origin-when-cross-origin"
      />
      {watchUrl && (
        <a className="video-popup-watch" href={watchUrl} target="_blank" rel="noopener noreferrer">
          {t('district.meetings.fullVideo')}
          <span className="visually-hidden"> {t('district.video.newTab')}</span>
        </a>
      )}
    </div>
  );
}
