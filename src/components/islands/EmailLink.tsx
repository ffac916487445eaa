// The page behind a link in an email: /confirm confirms the subscription, /unsubscribe ends it. Opening the link
// is the one click: the page reads the token from its address, calls the database function and says what happened.
// A mail scanner that only fetches the page changes nothing: the call is made by this script.
import { useCallback, useEffect, useState } from 'react';
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

interface Props {
  action: EmailLinkAction;
}

export default function EmailLink({ action }: Props) {
  const [state, setState] = useState<State>({ phase: 'working' });

  const follow = useCallback(async () => {
    const token = new URLSearchParams(window.location.search).get('token');
    if (!isEmailLinkToken(token)) {
      setState({ phase: 'done', result: { ok: false, status: 'malformed' } });
      return;
    }
    setState({ phase: 'working' });
    try {
      setState({ phase: 'done', result: await followEmailLink(api(), action, token, { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) }) });
    } catch (error) {
      const reason = error instanceof Error ? (error.name.startsWith('QueryError') ? error.message : `${error.name}: ${error.message}`) : String(error);
      console.error(error);
      setState({ phase: 'failed', message: emailLinkSendFailure(action, reason) });
    }
  }, [action]);

  useEffect(() => {
    void follow();
  }, [follow]);

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
        <button className="button" type="button" onClick={() => void follow()}>
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
