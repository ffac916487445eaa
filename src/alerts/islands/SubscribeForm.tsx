// 'Get Summaries In Your Email': the subscribe form of the district page, sent to subscribe(email, district_id) with
// the page's language. Rendered on the server; its island wakes at the reader's first touch (client:demand), which
// adds sending and the visible confirmation or error. An address sent before it woke is held and sent once it is
// (the address is read from the box when sent). Its words
// come as props, in the page's one language (SUBSCRIBE_KEYS); the server's refusals are worded by src/i18n/serverText.ts.
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { rpcApi } from '../../lib/browser/rpcApi';
import { SUBSCRIBE_ANSWERS, subscribe } from '../data/subscriptions';
import type { FormResult } from '../../lib/data/formResult';
import { translator, type Catalogue, type Translator } from '../../i18n/translate';
import type { Locale } from '../../i18n/locales';
import { SEND_FAILURE_KEYS, answerText, sendFailure, serverTextKeys } from '../../i18n/serverText';

// Long enough for a slow phone connection; after it the visitor sees an error and can try again.
const SEND_TIMEOUT_MS = 20_000;

/** The catalogue messages this island shows: what the page gives it (pickMessages). */
export const SUBSCRIBE_KEYS = [
  'subscribe.email',
  'subscribe.fieldError',
  'subscribe.problemSeparator',
  'subscribe.sendFailure',
  'subscribe.sending',
  'subscribe.submit',
  'subscribe.subscribed',
  ...serverTextKeys(SUBSCRIBE_ANSWERS),
  ...SEND_FAILURE_KEYS,
];

type Status = 'idle' | 'submitting' | 'subscribed' | 'failed';

interface Props {
  districtId: number;
  locale: Locale;
  messages: Catalogue;
}

/** Why a subscription was refused, as one text: 'Email …' for the address, then any form-level reasons. */
function refusalText(result: Pick<FormResult, 'errors' | 'form_errors'>, t: Translator): string {
  const parts = Object.entries(result.errors)
    .filter(([, problems]) => problems.length > 0)
    .map(([field, problems]) =>
      t('subscribe.fieldError', {
        label: field === 'email' ? t('subscribe.email') : field,
        problems: problems
          .map((problem) => answerText(problem, t, SUBSCRIBE_ANSWERS))
          .join(t('subscribe.problemSeparator')),
      }),
    );
  return [...parts, ...result.form_errors.map((reason) => answerText(reason, t, SUBSCRIBE_ANSWERS))].join(' ');
}

export default function SubscribeForm({ districtId, locale, messages }: Props) {
  const t = translator(locale, messages);
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [message, setMessage] = useState('');

  const inputRef = useRef<HTMLInputElement>(null);

  // An address typed before hydration is kept.
  useEffect(() => {
    setEmail(inputRef.current?.value ?? '');
  }, []);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'submitting') return;
    // What the box shows is what is sent: an address sent before the island woke (held by client:demand and sent
    // again once hydrated) arrives before it has reached the state.
    const address = inputRef.current?.value ?? email;
    setEmail(address);
    setStatus('submitting');
    setMessage('');
    try {
      const result = await subscribe(rpcApi(), address, districtId, {
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        language: locale,
      });
      if (result.ok) {
        setStatus('subscribed');
        setMessage(t('subscribe.subscribed', { email: address.trim() }));
        setEmail('');
      } else {
        setStatus('failed');
        setMessage(refusalText(result, t));
      }
    } catch (error) {
      console.error('The subscription could not be sent', error);
      setStatus('failed');
      const reason = error instanceof Error ? error.message : String(error);
      setMessage(t('subscribe.sendFailure', { reason: sendFailure(reason, t) }));
    }
  };

  const failed = status === 'failed';
  return (
    <form className="subscribe-form" onSubmit={onSubmit} aria-busy={status === 'submitting'}>
      <label htmlFor="subscribe-email">{t('subscribe.email')}</label>
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
        <button className="button" type="submit" disabled={status === 'submitting'}>
          {status === 'submitting' ? t('subscribe.sending') : t('subscribe.submit')}
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
