// The page behind 'Manage your alerts' in every alert email: /alerts?token=… (the address's signed link, no password).
// It lists the address's alerts in plain words, and pauses or resumes, makes daily or weekly, or deletes each, or
// unsubscribes from all of them; each alert's feed address is beside it (and advertised to feed readers with <link
// rel="alternate">). A malformed or unknown link gets a clear answer and changes nothing; a failed write is shown.
import { useEffect, useState } from 'react';
import { rpcApi } from '../../lib/browser/rpcApi';
import { alertFeedUrl, isManageToken, manageAlerts, type ListedAlert, type ManageCall } from '../data/alerts';
import { manageRefusal, sendFailureText } from '../answers';
import { describeAlert } from '../describe';
import { translator, type Catalogue } from '../../i18n/translate';
import type { Locale } from '../../i18n/locales';

interface Props {
  locale: Locale;
  messages: Catalogue;
}

const SEND_TIMEOUT_MS = 20_000;
const API_URL: string = import.meta.env.PUBLIC_SUPABASE_URL;

type Loaded =
  | { state: 'loading' }
  | { state: 'refused'; message: string }
  | { state: 'listed'; email: string; confirmed: boolean; alerts: ListedAlert[]; unsubscribed: boolean };

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

  const call = async (what: ManageCall) => {
    if (!isManageToken(token)) return null;
    return manageAlerts(rpcApi(), token, what, { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
  };

  /** The address's alerts as the server lists them now, or what to say instead. */
  const readList = async (): Promise<Loaded> => {
    try {
      const answer = await call({ name: 'list_alerts' });
      if (!answer?.ok) return { state: 'refused', message: manageRefusal(answer?.status ?? 'malformed', t) };
      return {
        state: 'listed',
        email: answer.email ?? '',
        confirmed: answer.confirmed ?? false,
        alerts: answer.alerts ?? [],
        unsubscribed: false,
      };
    } catch (failure) {
      console.error('The alerts could not be loaded', failure);
      return {
        state: 'refused',
        message: sendFailureText(failure instanceof Error ? failure.message : String(failure), t),
      };
    }
  };

  const show = (next: Loaded) => {
    setLoaded(next);
    if (next.state === 'listed') advertiseFeeds(next.alerts, (alert) => describeAlert(alert, t, locale));
  };

  useEffect(() => {
    if (!isManageToken(token)) return;
    let live = true;
    readList().then((next) => {
      if (live) show(next);
    });
    return () => {
      live = false;
    };
    // Loaded once, when the page opens; each change reloads the list itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const change = async (what: ManageCall, done: string) => {
    setBusy(true);
    setNotice('');
    setError('');
    try {
      const answer = await call(what);
      if (!answer?.ok) setError(manageRefusal(answer?.status ?? 'malformed', t));
      else if (what.name === 'unsubscribe_alerts') {
        setLoaded((current) => (current.state === 'listed' ? { ...current, alerts: [], unsubscribed: true } : current));
        advertiseFeeds([], () => '');
        setNotice(done);
      } else {
        setNotice(done);
        show(await readList());
      }
    } catch (failure) {
      console.error('The change could not be saved', failure);
      setError(sendFailureText(failure instanceof Error ? failure.message : String(failure), t));
    } finally {
      setBusy(false);
    }
  };

  if (loaded.state === 'loading') return <p role="status">{t('alerts.manage.loading')}</p>;
  if (loaded.state === 'refused')
    return (
      <p role="alert" className="field-error">
        {loaded.message}
      </p>
    );
  return (
    <div className="alerts-manager" aria-busy={busy}>
      <p>{t('alerts.manage.for', { email: loaded.email })}</p>
      {!loaded.confirmed && !loaded.unsubscribed && <p>{t('alerts.manage.notConfirmed')}</p>}
      {/* Once unsubscribed, the status line below says so (once). */}
      {loaded.alerts.length === 0 && !loaded.unsubscribed && <p>{t('alerts.manage.none')}</p>}
      <ul className="alerts-list">
        {loaded.alerts.map((alert) => {
          const what = describeAlert(alert, t, locale);
          return (
            <li key={alert.id}>
              <p className="alerts-what">
                {what}
                {alert.paused ? ` ${t('alerts.manage.pausedNote')}` : ''}
              </p>
              <div className="alerts-actions">
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() =>
                    change(
                      { name: 'pause_alert', alert_id: alert.id, paused: !alert.paused },
                      t(alert.paused ? 'alerts.manage.resumedDone' : 'alerts.manage.pausedDone', { alert: what }),
                    )
                  }
                >
                  {t(alert.paused ? 'alerts.manage.resume' : 'alerts.manage.pause')}
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => {
                    const frequency = alert.frequency === 'daily' ? 'weekly' : 'daily';
                    // The sentence names the alert as it is now, with its new frequency.
                    change(
                      { name: 'set_alert_frequency', alert_id: alert.id, frequency },
                      t('alerts.manage.changedDone', { alert: describeAlert({ ...alert, frequency }, t, locale) }),
                    );
                  }}
                >
                  {t(alert.frequency === 'daily' ? 'alerts.manage.makeWeekly' : 'alerts.manage.makeDaily')}
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() =>
                    change(
                      { name: 'delete_alert', alert_id: alert.id },
                      t('alerts.manage.deletedDone', { alert: what }),
                    )
                  }
                >
                  {t('alerts.manage.delete')}
                </button>
                <a href={alertFeedUrl(API_URL, alert.feed_token)}>{t('alerts.manage.feed')}</a>
              </div>
            </li>
          );
        })}
      </ul>
      {!loaded.unsubscribed && (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => change({ name: 'unsubscribe_alerts' }, t('alerts.manage.unsubscribed'))}
        >
          {t('alerts.manage.unsubscribeAll')}
        </button>
      )}
      <p role="status">{notice}</p>
      <p role="alert" className="field-error">
        {error}
      </p>
    </div>
  );
}
