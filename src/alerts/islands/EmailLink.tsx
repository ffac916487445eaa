// The page behind a link in an email: /confirm confirms the subscription, /unsubscribe ends it. Opening the link
// changes nothing: the page asks for one press of its button, which sends the POST. Mail scanners open links, and
// some run their scripts, to check them; they must neither confirm a subscription nobody asked for nor unsubscribe a
// reader. (A mail program's own one-click unsubscribe, RFC 8058, posts to the API directly and needs no page.) Its
// words come as props, in the page's one language, for its one action (emailLinkKeys). Once an address's alerts are
// confirmed, the page links the page that manages them.
import { useState, useSyncExternalStore } from 'react';
import { rpcApi } from '../../lib/browser/rpcApi';
import { followEmailLink, isEmailLinkToken, type EmailLinkAction, type EmailLinkResult } from '../data/subscriptions';
import { translator, type Catalogue, type Translator } from '../../i18n/translate';
import { localizedPath, type Locale } from '../../i18n/locales';
import { SEND_FAILURE_KEYS, sendFailure } from '../../i18n/serverText';

const SEND_TIMEOUT_MS = 20_000;

type State =
  | { phase: 'loading' }
  | { phase: 'ready'; token: string }
  | { phase: 'working'; token: string }
  | { phase: 'done'; result: EmailLinkResult }
  | { phase: 'failed'; token: string; message: string };

/** The catalogue messages the island shows for one action: what the page gives it (pickMessages). */
const ACTION_KEYS: Record<
  EmailLinkAction,
  Record<'button' | 'failed' | 'invalid' | 'invitation' | 'working', string>
> = {
  confirm: {
    button: 'confirm.button',
    failed: 'confirm.failed',
    invalid: 'confirm.invalid',
    invitation: 'confirm.invitation',
    working: 'confirm.working',
  },
  unsubscribe: {
    button: 'unsubscribe.button',
    failed: 'unsubscribe.failed',
    invalid: 'unsubscribe.invalid',
    invitation: 'unsubscribe.invitation',
    working: 'unsubscribe.working',
  },
};

export function emailLinkKeys(action: EmailLinkAction): string[] {
  const own = Object.values(ACTION_KEYS[action]);
  const results = [
    'confirm.confirmed.alerts',
    'confirm.confirmed.board',
    'confirm.confirmed.named',
    'confirm.expired',
    'confirm.used',
    'unsubscribe.done.alerts',
    'unsubscribe.done.board',
    'unsubscribe.done.named',
  ];
  const invitations = ['confirm.invitationAlerts', 'unsubscribe.invitationAlerts'];
  const links = ['site.goToDistrict', ...(action === 'confirm' ? ['confirm.manageAlerts'] : [])];
  return [...own, ...results, ...invitations, ...links, 'site.tryAgain', ...SEND_FAILURE_KEYS];
}

/**
 * What the page says of the server's answer to a link. An address's alerts hang from a subscription without a
 * district: its answer names no district, and the page speaks of the alerts instead of a board's summaries.
 */
function resultMessage(
  action: EmailLinkAction,
  result: Pick<EmailLinkResult, 'status' | 'district_id' | 'district_name'>,
  t: Translator,
): string {
  const named = result.district_name ? { district: result.district_name } : null;
  const alerts = result.district_id === undefined;
  switch (result.status) {
    case 'confirmed':
      return alerts
        ? t('confirm.confirmed.alerts')
        : named
          ? t('confirm.confirmed.named', named)
          : t('confirm.confirmed.board');
    case 'unsubscribed':
      return alerts
        ? t('unsubscribe.done.alerts')
        : named
          ? t('unsubscribe.done.named', named)
          : t('unsubscribe.done.board');
    case 'used':
      return t('confirm.used');
    case 'expired':
      return t('confirm.expired');
    default:
      return t(ACTION_KEYS[action].invalid);
  }
}

interface Props {
  action: EmailLinkAction;
  locale: Locale;
  messages: Catalogue;
}

/** Nothing to subscribe to: the address does not change while the page is open. */
const noSubscription = () => () => {};
const addressToken = () => new URLSearchParams(window.location.search).get('token');
/** Whether the link came from an alert email (`for=alerts`): the invitation then speaks of alerts. */
const forAlerts = () => new URLSearchParams(window.location.search).get('for') === 'alerts';

/** Calls the database function for the token; what the page says next. */
async function send(action: EmailLinkAction, token: string, t: Translator): Promise<State> {
  try {
    return {
      phase: 'done',
      result: await followEmailLink(rpcApi(), action, token, { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) }),
    };
  } catch (error) {
    const reason =
      error instanceof Error
        ? error.name.startsWith('QueryError')
          ? error.message
          : `${error.name}: ${error.message}`
        : String(error);
    console.error(error);
    return { phase: 'failed', token, message: t(ACTION_KEYS[action].failed, { reason: sendFailure(reason, t) }) };
  }
}

export default function EmailLink({ action, locale, messages }: Props) {
  const t = translator(locale, messages);
  // The token in the address, read once hydrated (undefined before: the server rendered the page without it). The
  // island sleeps until the button is pressed (client:demand), and the press is sent again once it is awake, so the
  // button is live from the start and reads the address itself. A link without a whole token is answered at load,
  // with no call and no React, by the page's own script (src/alerts/browser/emailLinkAtLoad.ts).
  const token = useSyncExternalStore(noSubscription, addressToken, () => undefined);
  const alertLink = useSyncExternalStore(noSubscription, forAlerts, () => false);
  const [sent, setSent] = useState<State | null>(null);
  const state: State =
    token === undefined
      ? { phase: 'loading' }
      : !isEmailLinkToken(token)
        ? { phase: 'done', result: { ok: false, status: 'malformed' } }
        : (sent ?? { phase: 'ready', token });

  const follow = (value: string) => {
    setSent({ phase: 'working', token: value });
    void send(action, value, t).then(setSent);
  };

  const districtId = state.phase === 'done' ? state.result.district_id : undefined;
  // Confirming an address's alerts answers its management link's token: the page links the page that manages them.
  const manageToken = state.phase === 'done' && action === 'confirm' ? state.result.manage_token : undefined;
  const asking = state.phase === 'loading' || state.phase === 'ready' || state.phase === 'working';
  return (
    <div className="email-link" data-email-link={action} aria-busy={state.phase === 'working'}>
      {asking && (
        <>
          {/* Both invitations are in the HTML; the page's script shows an alert email's one at load. */}
          <p data-invitation="board" hidden={alertLink}>
            {t(ACTION_KEYS[action].invitation)}
          </p>
          <p data-invitation="alerts" hidden={!alertLink}>
            {t(`${action}.invitationAlerts`)}
          </p>
          <button
            className="button"
            type="button"
            disabled={state.phase === 'working'}
            onClick={() => {
              const value = addressToken();
              if (state.phase !== 'working' && isEmailLinkToken(value)) follow(value);
            }}
          >
            {t(ACTION_KEYS[action].button)}
          </button>
        </>
      )}
      <p role="status">
        {state.phase === 'working' ? t(ACTION_KEYS[action].working) : ''}
        {state.phase === 'done' && state.result.ok ? resultMessage(action, state.result, t) : ''}
      </p>
      <p role="alert">
        {state.phase === 'done' && !state.result.ok ? resultMessage(action, state.result, t) : ''}
        {state.phase === 'failed' ? state.message : ''}
      </p>
      {state.phase === 'failed' && (
        <button className="button" type="button" onClick={() => follow(state.token)}>
          {t('site.tryAgain')}
        </button>
      )}
      {districtId !== undefined && (
        <p>
          <a href={localizedPath(locale, `/${districtId}`)}>{t('site.goToDistrict')}</a>
        </p>
      )}
      {manageToken !== undefined && (
        <p>
          <a href={`${localizedPath(locale, '/alerts')}?token=${manageToken}`}>{t('confirm.manageAlerts')}</a>
        </p>
      )}
    </div>
  );
}
