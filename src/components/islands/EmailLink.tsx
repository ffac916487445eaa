// The page behind a link in an email: /confirm confirms the subscription, /unsubscribe ends it. Opening the link
// is the one click: the page reads the token from its address, calls the database function and says what happened.
// A mail scanner that only fetches the page changes nothing: the call is made by this script.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { api } from '../../lib/browser/api';
import {
  emailLinkMessage,
  emailLinkSendFailure,
  followEmailLink,
  isEmailLinkToken,
  type EmailLinkAction,
  type EmailLinkResult,
} from '../../lib/data/subscriptions';

const SEND_TIMEOUT_MS = 20_000;

type State = { phase: 'working' } | { phase: 'done'; result: EmailLinkResult } | { phase: 'failed'; message: string };

/** Nothing to subscribe to: the address does not change while the page is open. */
const noSubscription = () => () => {};
const addressToken = () => new URLSearchParams(window.location.search).get('token');

/** Calls the database function for the token; what the page says next. */
async function follow(action: EmailLinkAction, token: string): Promise<State> {
  try {
    return { phase: 'done', result: await followEmailLink(api(), action, token, { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) }) };
  } catch (error) {
    const reason = error instanceof Error ? (error.name.startsWith('QueryError') ? error.message : `${error.name}: ${error.message}`) : String(error);
    console.error(error);
    return { phase: 'failed', message: emailLinkSendFailure(action, reason) };
  }
}

interface Props {
  action: EmailLinkAction;
}

export default function EmailLink({ action }: Props) {
  // The token in the address, read once hydrated (undefined before: the server rendered the page without it).
  const token = useSyncExternalStore(noSubscription, addressToken, () => undefined);
  const [sent, setSent] = useState<State>({ phase: 'working' });
  // A link without a whole token is answered at once, with no call.
  const state: State = token !== undefined && !isEmailLinkToken(token) ? { phase: 'done', result: { ok: false, status: 'malformed' } } : sent;

  useEffect(() => {
    if (isEmailLinkToken(token)) void follow(action, token).then(setSent);
  }, [action, token]);

  const retry = () => {
    if (!isEmailLinkToken(token)) return;
    setSent({ phase: 'working' });
    void follow(action, token).then(setSent);
  };

  const districtId = state.phase === 'done' ? state.result.district_id : undefined;
  return (
    <div className="email-link" aria-busy={state.phase === 'working'}>
      <p role="status">
        {state.phase === 'working' ? (action === 'confirm' ? 'Confirming your subscription…' : 'Unsubscribing…') : ''}
        {state.phase === 'done' && state.result.ok ? emailLinkMessage(action, state.result) : ''}
      </p>
      <p role="alert">
        {state.phase === 'done' && !state.result.ok ? emailLinkMessage(action, state.result) : ''}
        {state.phase === 'failed' ? state.message : ''}
      </p>
      {state.phase === 'failed' && (
        <button className="button" type="button" onClick={retry}>
          Try again
        </button>
      )}
      {districtId !== undefined && (
        <p>
          <a href={`/${districtId}`}>Go to the district page</a>
        </p>
      )}
    </div>
  );
}
