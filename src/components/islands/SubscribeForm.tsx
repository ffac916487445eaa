// 'Get Summaries In Your Email': the subscribe form of the district page, sent to subscribe(email, district_id).
// Rendered on the server; hydration adds sending and the visible confirmation or error.
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { api } from '../../lib/browser/api';
import { refusalText, subscribe, subscribedMessage, subscribeSendFailure } from '../../lib/data/subscriptions';

// Long enough for a slow phone connection; after it the visitor sees an error and can try again.
const SEND_TIMEOUT_MS = 20_000;

type Status = 'idle' | 'submitting' | 'subscribed' | 'failed';

interface Props {
  districtId: number;
}

export default function SubscribeForm({ districtId }: Props) {
  const [hydrated, setHydrated] = useState(false);
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [message, setMessage] = useState('');

  const inputRef = useRef<HTMLInputElement>(null);

  // Until hydration the button stays disabled: without script the form would only reload the page.
  // An address typed before hydration is kept.
  useEffect(() => {
    setEmail(inputRef.current?.value ?? '');
    setHydrated(true);
  }, []);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'submitting') return;
    setStatus('submitting');
    setMessage('');
    try {
      const result = await subscribe(api(), email, districtId, { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
      if (result.ok) {
        setStatus('subscribed');
        setMessage(subscribedMessage(email));
        setEmail('');
      } else {
        setStatus('failed');
        setMessage(refusalText(result));
      }
    } catch (error) {
      console.error('The subscription could not be sent', error);
      setStatus('failed');
      setMessage(subscribeSendFailure(error instanceof Error ? error.message : String(error)));
    }
  };

  const failed = status === 'failed';
  return (
    <form className="subscribe-form" onSubmit={onSubmit} aria-busy={status === 'submitting'}>
      <label htmlFor="subscribe-email">Email</label>
      <div className="subscribe-row">
        <input
          ref={inputRef}
          id="subscribe-email"
          name="email"
          type="email"
          required
          autoComplete="email"
          spellCheck={false}
          value={email}
          aria-invalid={failed ? true : undefined}
          aria-describedby={failed ? 'subscribe-error' : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <button className="button" type="submit" disabled={!hydrated || status === 'submitting'}>
          {status === 'submitting' ? 'Sending…' : 'Subscribe'}
        </button>
      </div>
      {/* Both live regions are always in the page, so what appears in them is announced. */}
      <p className="subscribe-confirmation" role="status">
        {status === 'subscribed' ? message : ''}
      </p>
      <p id="subscribe-error" className="field-error" role="alert">
        {failed ? message : ''}
      </p>
    </form>
  );
}
