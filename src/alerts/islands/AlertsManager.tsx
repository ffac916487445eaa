// The page behind 'Manage your alerts' in every alert email: /alerts?token=… (the address's signed link, no password).
// It lists the address's alerts in plain words, and pauses or resumes, makes daily or weekly, or deletes each, or
// unsubscribes from all of them; each alert's feed address is beside it (and advertised to feed readers with <link
// rel="alternate">). Below, the address's district summaries by email (the subscribe box of a district page), each
// with its language and whether it is confirmed, and a way to stop it. What cannot be undone (deleting an alert,
// unsubscribing from all alerts, stopping a district's summaries) is asked first, in place: the question takes the
// focus, and its button does it, or Cancel (or Escape) goes back to where the reader was. Each change is reported
// once, in one status line, with the lists read again from the server; a change that fails is shown (at its question
// while one is open, which stays open to try again) and the lists stay as the server has them. A malformed or
// unknown link gets a clear answer and changes nothing.
import { useEffect, useState, type ReactNode } from 'react';
import { rpcApi } from '../../lib/browser/rpcApi';
import { alertFeedUrl, isManageToken, manageAlerts, type ListedAlert, type ManageCall } from '../data/alerts';
import { manageDigests, type DigestCall, type ListedDigest } from '../data/subscriptions';
import { digestRefusal, manageRefusal, sendFailureText } from '../answers';
import { describeAlert, describeDigest } from '../describe';
import { translator, type Catalogue } from '../../i18n/translate';
import type { Locale } from '../../i18n/locales';

interface Props {
  locale: Locale;
  messages: Catalogue;
}

const SEND_TIMEOUT_MS = 20_000;
const API_URL: string = import.meta.env.PUBLIC_SUPABASE_URL;
/** The ids of the two sections' headings: where the focus goes when the item it was on is gone. */
const ALERTS_HEADING = 'alerts-list-heading';
const DIGESTS_HEADING = 'digests-heading';
const QUESTION = 'alerts-question';

interface Listed {
  state: 'listed';
  email: string;
  confirmed: boolean;
  alerts: ListedAlert[];
  digests: ListedDigest[];
  moreDigests: boolean;
}

type Loaded = { state: 'loading' } | { state: 'refused'; message: string } | Listed;

/** What is being asked before it is done: one question at a time. */
type Asking = { kind: 'delete'; id: number } | { kind: 'stop'; id: number } | { kind: 'unsubscribe' } | null;

/** The id of the button a question was asked from: where Cancel gives the focus back. */
function askedFrom(asking: NonNullable<Asking>): string {
  if (asking.kind === 'unsubscribe') return 'unsubscribe-all';
  return `${asking.kind}-${asking.id}`;
}

/** The answer of a change, whichever list it is of. */
interface Answer<S extends string> {
  ok: boolean;
  status: S;
}

/** The alerts' feeds, in the page's head for feed readers and browsers that look there. */
function advertiseFeeds(alerts: ListedAlert[], title: (alert: ListedAlert) => string) {
  for (const old of document.head.querySelectorAll('link[data-alert-feed]')) old.remove();
  for (const alert of alerts) {
    const link = document.createElement('link');
    link.rel = 'alternate';
    link.type = 'application/atom+xml';
    link.href = alertFeedUrl(API_URL, alert.feed_token);
    link.title = title(alert);
    link.dataset.alertFeed = '';
    document.head.append(link);
  }
}

/**
 * The question asked before something that cannot be undone: its sentence (focused when it opens, so it is read
 * out), the button that does it and Cancel; a failure of the change is shown here, where the reader is.
 */
function Question(props: {
  text: string;
  yes: string;
  cancel: string;
  busy: boolean;
  error: string;
  onYes: () => void;
  onCancel: () => void;
}): ReactNode {
  return (
    <div className="alerts-question" role="group" aria-labelledby={QUESTION}>
      <p id={QUESTION} tabIndex={-1}>
        {props.text}
      </p>
      <div className="alerts-actions">
        {/* Not disabled while the change is sent, so the focus stays on it; a second press does nothing. */}
        <button
          type="button"
          className="button warning"
          aria-disabled={props.busy}
          onClick={() => {
            if (!props.busy) props.onYes();
          }}
        >
          {props.yes}
        </button>
        <button
          type="button"
          className="button secondary"
          aria-disabled={props.busy}
          onClick={() => {
            if (!props.busy) props.onCancel();
          }}
        >
          {props.cancel}
        </button>
      </div>
      <p role="alert" className="field-error">
        {props.error}
      </p>
    </div>
  );
}

export default function AlertsManager({ locale, messages }: Props) {
  const t = translator(locale, messages);
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token'));
  // A link without a well-formed token is answered at once, without asking the server.
  const [loaded, setLoaded] = useState<Loaded>(() =>
    isManageToken(token) ? { state: 'loading' } : { state: 'refused', message: t('alerts.manage.malformed') },
  );
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');
  const [asking, setAsking] = useState<Asking>(null);
  // Once unsubscribed from all alerts, the status line says so (once), not 'There are no alerts'.
  const [unsubscribed, setUnsubscribed] = useState(false);
  // Where the focus goes once the page is drawn again (a new object each time, so the same place twice is focused twice).
  const [focusTarget, setFocusTarget] = useState<{ id: string } | null>(null);

  useEffect(() => {
    if (focusTarget) document.getElementById(focusTarget.id)?.focus();
  }, [focusTarget]);

  const signal = () => ({ signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
  const callAlerts = (what: ManageCall) => manageAlerts(rpcApi(), token ?? '', what, signal());
  const callDigests = (what: DigestCall) => manageDigests(rpcApi(), token ?? '', what, signal());
  const failureText = (failure: unknown) =>
    sendFailureText(failure instanceof Error ? failure.message : String(failure), t);

  /** The address's alerts and district summaries as the server lists them now, or what to say instead. */
  const readLists = async (): Promise<Loaded> => {
    try {
      const [alerts, digests] = await Promise.all([
        callAlerts({ name: 'list_alerts' }),
        callDigests({ name: 'list_digests' }),
      ]);
      if (!alerts.ok) return { state: 'refused', message: manageRefusal(alerts.status, t) };
      if (!digests.ok) return { state: 'refused', message: digestRefusal(digests.status, t) };
      return {
        state: 'listed',
        email: alerts.email ?? '',
        confirmed: alerts.confirmed ?? false,
        alerts: alerts.alerts ?? [],
        digests: digests.digests ?? [],
        moreDigests: digests.more ?? false,
      };
    } catch (failure) {
      console.error('The alerts could not be loaded', failure);
      return { state: 'refused', message: failureText(failure) };
    }
  };

  const show = (next: Listed) => {
    setLoaded(next);
    advertiseFeeds(next.alerts, (alert) => describeAlert(alert, t, locale));
  };

  /** The lists as read again after a change; if that failed, the lists stay as they were and the failure is shown. */
  const showAgain = (next: Loaded) => {
    if (next.state === 'listed') show(next);
    else if (next.state === 'refused') setError(next.message);
  };

  /**
   * Makes these changes, and once they are drawn moves the focus to the element of this id: a question that opened,
   * the button it was asked from, the heading of a list whose item is gone, the button whose change was saved.
   */
  const drawThenFocus = (id: string, changes: () => void) => {
    changes();
    setFocusTarget({ id });
  };

  useEffect(() => {
    if (!isManageToken(token)) return;
    let live = true;
    readLists().then((next) => {
      if (!live) return;
      if (next.state === 'listed') show(next);
      else setLoaded(next);
    });
    return () => {
      live = false;
    };
    // Loaded once, when the page opens; each change reloads the lists itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** A press while a change is being sent does nothing (the buttons stay focusable, so the focus is not lost). */
  const unlessBusy = (act: () => void) => () => {
    if (!busy) act();
  };

  const ask = (question: Asking) =>
    drawThenFocus(QUESTION, () => {
      setError('');
      setAsking(question);
    });

  const cancel = (from: string) =>
    drawThenFocus(from, () => {
      setError('');
      setAsking(null);
    });

  // Escape closes the open question as Cancel does, wherever the focus is (its sentence, one of its buttons).
  useEffect(() => {
    if (!asking || busy) return;
    const from = askedFrom(asking);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') cancel(from);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
    // cancel only sets state and moves the focus: the question and whether a change is being sent decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asking, busy]);

  /**
   * Sends one change. Saved: the question (if any) closes, the status line says `done`, the lists are read again and
   * the focus goes to `focusAfter`. Refused: the refusal is shown; when the thing is already gone (deleted or stopped
   * from another page), the question closes, the lists are read again and the focus goes to its list's heading.
   * Failed: shown, and nothing else changes.
   */
  const change = async <S extends string>(
    send: () => Promise<Answer<S>>,
    refusal: (status: S) => string,
    done: string,
    focusAfter: string,
    saved?: () => void,
  ) => {
    setBusy(true);
    setNotice('');
    setError('');
    try {
      const answer = await send();
      if (!answer.ok) {
        const refused = refusal(answer.status);
        if (answer.status !== 'no_alert' && answer.status !== 'no_digest') return setError(refused);
        // Its own button is gone with it: the focus goes to its list's heading.
        const next = await readLists();
        return drawThenFocus(answer.status === 'no_digest' ? DIGESTS_HEADING : ALERTS_HEADING, () => {
          setAsking(null);
          setError(refused);
          showAgain(next);
        });
      }
      const next = await readLists();
      drawThenFocus(focusAfter, () => {
        saved?.();
        setAsking(null);
        setNotice(done);
        showAgain(next);
      });
    } catch (failure) {
      console.error('The change could not be saved', failure);
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };

  const changeAlert = (what: ManageCall, done: string, focusAfter: string, saved?: () => void) =>
    change(
      () => callAlerts(what),
      (status) => manageRefusal(status, t),
      done,
      focusAfter,
      saved,
    );

  if (loaded.state === 'loading') return <p role="status">{t('alerts.manage.loading')}</p>;
  if (loaded.state === 'refused')
    return (
      <p role="alert" className="field-error">
        {loaded.message}
      </p>
    );

  const question = (props: { text: string; yes: string; onYes: () => void }) => (
    <Question
      text={props.text}
      yes={props.yes}
      cancel={t('alerts.manage.cancel')}
      busy={busy}
      error={error}
      onYes={props.onYes}
      onCancel={() => {
        if (asking) cancel(askedFrom(asking));
      }}
    />
  );

  return (
    <div className="alerts-manager" aria-busy={busy}>
      <section aria-labelledby={ALERTS_HEADING}>
        <h2 id={ALERTS_HEADING} tabIndex={-1}>
          {t('alerts.manage.alertsHeading')}
        </h2>
        <p>{t('alerts.manage.for', { email: loaded.email })}</p>
        {/* Only alerts wait for the address's confirmation: with none, there is nothing to say of it. */}
        {!loaded.confirmed && loaded.alerts.length > 0 && <p>{t('alerts.manage.notConfirmed')}</p>}
        {loaded.alerts.length === 0 && !unsubscribed && <p>{t('alerts.manage.none')}</p>}
        <ul className="alerts-list">
          {loaded.alerts.map((alert) => {
            const what = describeAlert(alert, t, locale);
            const whatId = `alert-${alert.id}`;
            return (
              <li key={alert.id}>
                <p className="alerts-what" id={whatId}>
                  {what}
                  {alert.paused ? ` ${t('alerts.manage.pausedNote')}` : ''}
                  {alert.confirmed ? '' : ` ${t('alerts.manage.waitingNote')}`}
                </p>
                <div className="alerts-actions">
                  {!alert.confirmed && (
                    <button
                      type="button"
                      className="button"
                      id={`confirm-${alert.id}`}
                      aria-describedby={whatId}
                      aria-disabled={busy}
                      onClick={unlessBusy(() =>
                        changeAlert(
                          { name: 'confirm_alert', alert_id: alert.id },
                          t('alerts.manage.confirmedDone', { alert: what }),
                          `pause-${alert.id}`,
                        ),
                      )}
                    >
                      {t('alerts.manage.confirm')}
                    </button>
                  )}
                  <button
                    type="button"
                    className="button"
                    id={`pause-${alert.id}`}
                    aria-describedby={whatId}
                    aria-disabled={busy}
                    onClick={unlessBusy(() =>
                      changeAlert(
                        { name: 'pause_alert', alert_id: alert.id, paused: !alert.paused },
                        t(alert.paused ? 'alerts.manage.resumedDone' : 'alerts.manage.pausedDone', { alert: what }),
                        `pause-${alert.id}`,
                      ),
                    )}
                  >
                    {t(alert.paused ? 'alerts.manage.resume' : 'alerts.manage.pause')}
                  </button>
                  <button
                    type="button"
                    className="button"
                    id={`frequency-${alert.id}`}
                    aria-describedby={whatId}
                    aria-disabled={busy}
                    onClick={unlessBusy(() => {
                      const frequency = alert.frequency === 'daily' ? 'weekly' : 'daily';
                      // The sentence names the alert as it is now, with its new frequency.
                      changeAlert(
                        { name: 'set_alert_frequency', alert_id: alert.id, frequency },
                        t('alerts.manage.changedDone', { alert: describeAlert({ ...alert, frequency }, t, locale) }),
                        `frequency-${alert.id}`,
                      );
                    })}
                  >
                    {t(alert.frequency === 'daily' ? 'alerts.manage.makeWeekly' : 'alerts.manage.makeDaily')}
                  </button>
                  <button
                    type="button"
                    className="button"
                    id={`delete-${alert.id}`}
                    aria-describedby={whatId}
                    aria-expanded={asking?.kind === 'delete' && asking.id === alert.id}
                    aria-disabled={busy}
                    onClick={unlessBusy(() => ask({ kind: 'delete', id: alert.id }))}
                  >
                    {t('alerts.manage.delete')}
                  </button>
                  <a href={alertFeedUrl(API_URL, alert.feed_token)} aria-describedby={whatId}>
                    {t('alerts.manage.feed')}
                  </a>
                </div>
                {asking?.kind === 'delete' &&
                  asking.id === alert.id &&
                  question({
                    text: t('alerts.manage.deleteAsk', { alert: what }),
                    yes: t('alerts.manage.deleteYes'),
                    onYes: () =>
                      changeAlert(
                        { name: 'delete_alert', alert_id: alert.id },
                        t('alerts.manage.deletedDone', { alert: what }),
                        ALERTS_HEADING,
                      ),
                  })}
              </li>
            );
          })}
        </ul>
        {!unsubscribed && (
          <>
            <button
              type="button"
              className="button"
              id="unsubscribe-all"
              aria-expanded={asking?.kind === 'unsubscribe'}
              aria-disabled={busy}
              onClick={unlessBusy(() => ask({ kind: 'unsubscribe' }))}
            >
              {t('alerts.manage.unsubscribeAll')}
            </button>
            {asking?.kind === 'unsubscribe' &&
              question({
                text: t('alerts.manage.unsubscribeAsk'),
                yes: t('alerts.manage.unsubscribeYes'),
                onYes: () =>
                  changeAlert({ name: 'unsubscribe_alerts' }, t('alerts.manage.unsubscribed'), ALERTS_HEADING, () => {
                    setUnsubscribed(true);
                  }),
              })}
          </>
        )}
      </section>

      <section aria-labelledby={DIGESTS_HEADING}>
        <h2 id={DIGESTS_HEADING} tabIndex={-1}>
          {t('alerts.digests.heading')}
        </h2>
        {loaded.digests.length === 0 ? (
          <p>{t('alerts.digests.none')}</p>
        ) : (
          <p>{t('alerts.digests.intro', { email: loaded.email })}</p>
        )}
        <ul className="alerts-list">
          {loaded.digests.map((digest) => {
            const whatId = `digest-${digest.id}`;
            return (
              <li key={digest.id}>
                <p className="alerts-what" id={whatId}>
                  {describeDigest(digest, t)}
                </p>
                <div className="alerts-actions">
                  <button
                    type="button"
                    className="button"
                    id={`stop-${digest.id}`}
                    aria-describedby={whatId}
                    aria-expanded={asking?.kind === 'stop' && asking.id === digest.id}
                    aria-disabled={busy}
                    onClick={unlessBusy(() => ask({ kind: 'stop', id: digest.id }))}
                  >
                    {t('alerts.digests.stop')}
                  </button>
                </div>
                {asking?.kind === 'stop' &&
                  asking.id === digest.id &&
                  question({
                    text: t('alerts.digests.stopAsk', { district: digest.district_name }),
                    yes: t('alerts.digests.stopYes'),
                    onYes: () =>
                      change(
                        () => callDigests({ name: 'stop_digest', subscription_id: digest.id }),
                        (status) => digestRefusal(status, t),
                        t('alerts.digests.stoppedDone', { district: digest.district_name }),
                        DIGESTS_HEADING,
                      ),
                  })}
              </li>
            );
          })}
        </ul>
        {loaded.moreDigests && <p>{t('alerts.digests.more')}</p>}
      </section>

      <p role="status">{notice}</p>
      {/* While a question is open, a failure is shown at it instead (once). */}
      <p role="alert" className="field-error">
        {asking ? '' : error}
      </p>
    </div>
  );
}
