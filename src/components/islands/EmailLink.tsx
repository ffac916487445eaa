// The page behind a link in an email: /confirm confirms the subscription, /unsubscribe ends it. Opening the link
// changes nothing: the page asks for one press of its button, which sends the POST. Mail scanners open links, and
// some run their scripts, to check them; they must neither confirm a subscription nobody asked for nor unsubscribe a
// reader. (A mail program's own one-click unsubscribe, RFC 8058, posts to the API directly and needs no page.)
import { useState, useSyncExternalStore } from 'react';
import { api } from '../../lib/browser/api';
import {
  emailLinkButton,
  emailLinkInvitation,
  emailLinkMessage,
  emailLinkSendFailure,
  emailLinkWorking,
  followEmailLink,
  isEmailLinkToken,
  type EmailLinkAction,
  type EmailLinkResult,
} from '../../lib/data/subscriptions';

const SEND_TIMEOUT_MS = 20_000;

type State =
  | { phase: 'loading' }
  | { phase: 'ready'; token: string }
  | { phase: 'working'; token: string }
  | { phase: 'done'; result: EmailLinkResult }
  | { phase: 'failed'; token: string; message: string };

interface Props {
  action: EmailLinkAction;
}

/** Nothing to subscribe to: the address does not change while the page is open. */
const noSubscription = () => () => {};
const addressToken = () => new URLSearchParams(window.location.search).get('token');

/** Calls the database function for the token; what the page says next. */
async function send(action: EmailLinkAction, token: string): Promise<State> {
  try {
    return { phase: 'done', result: await followEmailLink(api(), action, token, { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) }) };
  } catch (error) {
    const reason = error instanceof Error ? (error.name.startsWith('QueryError') ? error.message : `${error.name}: ${error.message}`) : String(error);
    console.error(error);
    return { phase: 'failed', token, message: emailLinkSendFailure(action, reason) };
  }
}

export default function EmailLink({ action }: Props) {
  // The token in the address, read once hydrated (undefined before: the server rendered the page without it, and the
  // button shows, disabled). A link without a whole token is answered at once, with no call.
  const token = useSyncExternalStore(noSubscription, addressToken, () => undefined);
  const [sent, setSent] = useState<State | null>(null);
  const state: State =
    token === undefined ? { phase: 'loading' } : !isEmailLinkToken(token) ? { phase: 'done', result: { ok: false, status: 'malformed' } } : (sent ?? { phase: 'ready', token });

  const follow = (value: string) => {
    setSent({ phase: 'working', token: value });
    void send(action, value).then(setSent);
  };

  const districtId = state.phase === 'done' ? state.result.district_id : undefined;
  const asking = state.phase === 'loading' || state.phase === 'ready' || state.phase === 'working';
  return (
    <div className="email-link" aria-busy={state.phase === 'working'}>
      {asking && (
        <>
          <p>{emailLinkInvitation(action)}</p>
          <button
            className="button"
            type="button"
            disabled={state.phase !== 'ready'}
            onClick={() => state.phase === 'ready' && follow(state.token)}
          >
            {emailLinkButton(action)}
          </button>
        </>
      )}
      <p role="status">
        {state.phase === 'working' ? emailLinkWorking(action) : ''}
        {state.phase === 'done' && state.result.ok ? emailLinkMessage(action, state.result) : ''}
      </p>
      <p role="alert">
        {state.phase === 'done' && !state.result.ok ? emailLinkMessage(action, state.result) : ''}
        {state.phase === 'failed' ? state.message : ''}
      </p>
      {state.phase === 'failed' && (
        <button className="button" type="button" onClick={() => follow(state.token)}>
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
