// 'Email me when this comes up': an alert for the words of a record search (this district, a state or every
// district; optionally only summaries, topics or votes), for a topic, or for a board member's votes. Drawn on the
// server inside a <details>, so it opens without script; its island loads when the reader first touches it (or with
// its host's island, client:demand) and takes the form over as the reader left it; an alert sent before it woke is
// held and sent once it is, as the form then shows. It says in plain words what
// it will send and how often, goes through the confirmed-email flow (create_alert), and shows bad input and failed
// writes. Every word comes from the catalogue, for the page's language: the messages this island shows are bundled
// with it, every built language's (src/i18n/islandMessages.ts), so no page carries them.
import { useEffect, useEffectEvent, useId, useRef, useState, type SubmitEvent } from 'react';
import { rpcApi } from '../../lib/browser/rpcApi';
import { createAlert, type NewAlert } from '../data/alerts';
import { refusalText, sendFailureText } from '../answers';
import {
  ALL_RECORD_KINDS,
  alertSubject,
  type AlertFrequency,
  type AlertRecordKind,
  type AlertSummary,
} from '../describe';
import { FIELD_NAMES, alertFormValues, type AlertScope } from '../formValues';
import catalogues from 'virtual:island-messages/alert-form';
import { translator } from '../../i18n/translate';
import { recordLang, type Locale } from '../../i18n/locales';
import { searchWords } from '../../search/recordSearch';

/** What the alert is for: the host page says. */
export type AlertTarget =
  | {
      kind: 'search';
      districtId: number | null;
      districtName: string | null;
      states: readonly string[];
      searchInputId?: string;
    }
  | { kind: 'topic'; districtId: number; districtName: string; topics: readonly { id: number; title: string }[] }
  | { kind: 'member'; districtId: number; districtName: string; name: string };

interface Props {
  locale: Locale;
  target: AlertTarget;
}

// Long enough for a slow phone connection; after it the visitor sees an error and can try again.
const SEND_TIMEOUT_MS = 20_000;

type Status = 'idle' | 'submitting' | 'sent' | 'failed';

/** The errors shown at their field (the rest are the form's, below its button). */
interface FieldErrors {
  email?: string;
  kinds?: string;
}

/** What the form holds. */
interface Values {
  words: string;
  email: string;
  scope: AlertScope;
  state: string;
  kinds: AlertRecordKind[];
  topicId: number;
  minorityOnly: boolean;
  frequency: AlertFrequency;
}

export default function AlertForm({ locale, target }: Props) {
  const messages = catalogues[locale];
  if (!messages) throw new Error(`This build made no '${locale}' pages, so the alert form has no messages in it.`);
  const t = translator(locale, messages);
  // Each island is a React root of its own, whose useId starts afresh: the target's kind keeps two forms on one page
  // (the record search's and the topic's) apart.
  const id = `alert-${target.kind}${useId()}`;
  const [email, setEmail] = useState('');
  const [words, setWords] = useState('');
  const [scope, setScope] = useState<AlertScope>(
    target.kind === 'search' && target.districtId === null ? 'everywhere' : 'district',
  );
  const [state, setState] = useState(target.kind === 'search' ? (target.states[0] ?? '') : '');
  const [kinds, setKinds] = useState<AlertRecordKind[]>([...ALL_RECORD_KINDS]);
  const [topicId, setTopicId] = useState(target.kind === 'topic' ? (target.topics[0]?.id ?? 0) : 0);
  const [minorityOnly, setMinorityOnly] = useState(false);
  const [frequency, setFrequency] = useState<AlertFrequency>('daily');
  const [status, setStatus] = useState<Status>('idle');
  const [message, setMessage] = useState('');
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const radios = { scope: `${id}-scope`, frequency: `${id}-frequency` };

  /**
   * The words of the search box beside the form as the search sent them ('' when there is none): a Spanish or Chinese
   * reader's words turned into the record's English, which is what an alert is matched against.
   */
  const searchBoxWords = () => {
    const box = target.kind === 'search' && target.searchInputId ? document.getElementById(target.searchInputId) : null;
    const typed = box instanceof HTMLInputElement ? box.value.trim() : '';
    return typed ? searchWords(locale, typed).sent : '';
  };

  /** The topic the page's topic bar shows (null when there is none, or it is not one of the form's). */
  const topicOnScreen = (): number | null => {
    if (target.kind !== 'topic') return null;
    const tab = document.querySelector('.topic-bar [role="tab"][aria-selected="true"]');
    const shown = tab ? Number(tab.id.replace('topic-tab-', '')) : Number.NaN;
    return target.topics.some((topic) => topic.id === shown) ? shown : null;
  };

  /** The form as it stands: what the reader did before the island woke (opened the form, typed, chose) included. */
  const shownValues = (): Values => {
    const current: Values = { words, email, scope, state, kinds, topicId, minorityOnly, frequency };
    if (!formRef.current) return current;
    const shown = alertFormValues(new FormData(formRef.current), radios);
    return {
      words: shown.words || (detailsRef.current?.open ? searchBoxWords() : ''),
      email: shown.email,
      scope: shown.scope ?? current.scope,
      state: shown.state ?? current.state,
      kinds: target.kind === 'search' ? shown.kinds : current.kinds,
      topicId: shown.topicId ?? current.topicId,
      minorityOnly: shown.minorityOnly,
      frequency: shown.frequency ?? current.frequency,
    };
  };
  const takeValues = (values: Values) => {
    setWords(values.words);
    setEmail(values.email);
    setScope(values.scope);
    setState(values.state);
    setKinds(values.kinds);
    setTopicId(values.topicId);
    setMinorityOnly(values.minorityOnly);
    setFrequency(values.frequency);
  };
  // The island takes the form over as it stands.
  const takeOverForm = useEffectEvent(() => {
    if (formRef.current) {
      const shown = shownValues();
      setWords(shown.words);
      setEmail(shown.email);
      setScope(shown.scope);
      setState(shown.state);
      setKinds(shown.kinds);
      // Opened before the island woke, with its topic as the server drew it: the topic on screen.
      const first = target.kind === 'topic' ? (target.topics[0]?.id ?? 0) : 0;
      setTopicId(detailsRef.current?.open && shown.topicId === first ? (topicOnScreen() ?? first) : shown.topicId);
      setMinorityOnly(shown.minorityOnly);
      setFrequency(shown.frequency);
    }
  });
  useEffect(() => takeOverForm(), []);

  // While the topic form is open, it follows the topic the reader picks in the page's topic bar, until the reader
  // picks one in the form itself.
  const topicChosenInForm = useRef(false);
  const followTopicBar = useEffectEvent(() => {
    if (!detailsRef.current?.open || topicChosenInForm.current) return;
    const shown = topicOnScreen();
    if (shown !== null) setTopicId(shown);
  });
  useEffect(() => {
    if (target.kind !== 'topic') return;
    const bar = document.querySelector('.topic-bar');
    if (!bar) return;
    const observer = new MutationObserver(() => followTopicBar());
    observer.observe(bar, { subtree: true, attributes: true, attributeFilter: ['aria-selected'] });
    return () => observer.disconnect();
  }, [target.kind]);

  // The words typed in the search box beside it, when the form is opened.
  const onToggle = (open: boolean) => {
    if (open && !words) setWords(searchBoxWords());
    // The topic form follows the topic on screen.
    const shown = open ? topicOnScreen() : null;
    if (shown !== null) setTopicId(shown);
  };

  const summary: AlertSummary = {
    kind: target.kind,
    text:
      target.kind === 'search'
        ? words.trim() || '…'
        : target.kind === 'member'
          ? target.name
          : (target.topics.find((topic) => topic.id === topicId)?.title ?? ''),
    district_id: target.kind === 'search' && scope !== 'district' ? null : target.districtId,
    district_name: target.kind === 'search' && scope !== 'district' ? null : target.districtName,
    state: target.kind === 'search' && scope === 'state' ? state : null,
    kinds: target.kind === 'member' ? ['vote'] : target.kind === 'topic' ? [...ALL_RECORD_KINDS] : kinds,
    minority_only: target.kind === 'member' && minorityOnly,
    frequency,
  };

  const alert = ({ email, frequency, topicId, minorityOnly, words, scope, state, kinds }: Values): NewAlert => {
    const base = { email, frequency, language: locale };
    if (target.kind === 'topic') return { ...base, kind: 'topic', topic_id: topicId };
    if (target.kind === 'member')
      return {
        ...base,
        kind: 'member',
        member: target.name,
        district_id: target.districtId,
        minority_only: minorityOnly,
      };
    return {
      ...base,
      kind: 'search',
      q: words,
      district_id: scope === 'district' ? target.districtId : null,
      state: scope === 'state' ? state : null,
      kinds,
    };
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (status === 'submitting') return;
    // What the form shows is what is sent: an alert sent before the island woke (held by client:demand and sent again
    // once hydrated) arrives before what was typed meanwhile has reached the state.
    const values = shownValues();
    takeValues(values);
    setFieldErrors({});
    if (target.kind === 'search' && values.kinds.length === 0) {
      setStatus('failed');
      setMessage('');
      setFieldErrors({ kinds: t('alerts.form.noKinds') });
      // Its error is read with the field it is about, as the reader lands on it.
      formRef.current?.querySelector<HTMLInputElement>(`input[name="${FIELD_NAMES.kinds}"]`)?.focus();
      return;
    }
    setStatus('submitting');
    setMessage('');
    try {
      const result = await createAlert(rpcApi(), alert(values), { signal: AbortSignal.timeout(SEND_TIMEOUT_MS) });
      if (result.ok) {
        setStatus('sent');
        setMessage(t('alerts.form.sent', { email: values.email.trim() }));
      } else {
        // The address's problems at the address; what concerns the whole alert below the button.
        const { email: emailProblems = [], ...others } = result.errors;
        setStatus('failed');
        setMessage(refusalText({ errors: others, form_errors: result.form_errors }, t));
        if (emailProblems.length > 0) {
          setFieldErrors({ email: refusalText({ errors: { email: emailProblems }, form_errors: [] }, t) });
          document.getElementById(`${id}-email`)?.focus();
        }
      }
    } catch (error) {
      console.error('The alert could not be sent', error);
      setStatus('failed');
      setMessage(sendFailureText(error instanceof Error ? error.message : String(error), t));
    }
  };

  const toggleKind = (kind: AlertRecordKind, on: boolean) =>
    setKinds((current) => ALL_RECORD_KINDS.filter((each) => (each === kind ? on : current.includes(each))));

  const failed = status === 'failed';
  const heading =
    target.kind === 'search'
      ? t('alerts.form.searchSummary')
      : target.kind === 'topic'
        ? t('alerts.form.topicSummary')
        : t('alerts.form.memberSummary', { name: target.name });
  return (
    <details ref={detailsRef} className="alert-form" onToggle={(event) => onToggle(event.currentTarget.open)}>
      <summary>{heading}</summary>
      <form ref={formRef} onSubmit={onSubmit} aria-busy={status === 'submitting'}>
        {target.kind === 'search' && (
          <>
            <label htmlFor={`${id}-words`}>{t('alerts.form.words')}</label>
            <input
              id={`${id}-words`}
              name={FIELD_NAMES.words}
              type="search"
              value={words}
              maxLength={500}
              required
              onChange={(event) => setWords(event.target.value)}
            />
            <fieldset>
              <legend>{t('alerts.form.where')}</legend>
              {target.districtId !== null && (
                <label>
                  <input
                    type="radio"
                    name={radios.scope}
                    value="district"
                    checked={scope === 'district'}
                    onChange={() => setScope('district')}
                  />{' '}
                  <span lang={recordLang(locale)}>{target.districtName}</span>
                </label>
              )}
              {target.states.length > 0 && (
                <label>
                  <input
                    type="radio"
                    name={radios.scope}
                    value="state"
                    checked={scope === 'state'}
                    onChange={() => setScope('state')}
                  />{' '}
                  {t('alerts.form.state')}{' '}
                  <select
                    name={FIELD_NAMES.state}
                    aria-label={t('alerts.form.stateName')}
                    value={state}
                    onChange={(event) => {
                      setState(event.target.value);
                      setScope('state');
                    }}
                  >
                    {target.states.map((code) => (
                      <option key={code} value={code}>
                        {code}
                      </option>
                    ))}
                  </select>
                </label>
              )}
              <label>
                <input
                  type="radio"
                  name={radios.scope}
                  value="everywhere"
                  checked={scope === 'everywhere'}
                  onChange={() => setScope('everywhere')}
                />{' '}
                {t('alerts.form.everywhere')}
              </label>
            </fieldset>
            <fieldset aria-describedby={fieldErrors.kinds ? `${id}-kinds-error` : undefined}>
              <legend>{t('alerts.form.kinds')}</legend>
              {fieldErrors.kinds && (
                <p id={`${id}-kinds-error`} className="field-error">
                  {fieldErrors.kinds}
                </p>
              )}
              {ALL_RECORD_KINDS.map((kind) => (
                <label key={kind}>
                  <input
                    type="checkbox"
                    name={FIELD_NAMES.kinds}
                    value={kind}
                    checked={kinds.includes(kind)}
                    onChange={(event) => toggleKind(kind, event.target.checked)}
                  />{' '}
                  {t(`alerts.kinds.${kind}`)}
                </label>
              ))}
            </fieldset>
          </>
        )}
        {target.kind === 'topic' && (
          <>
            <label htmlFor={`${id}-topic`}>{t('alerts.form.topic')}</label>
            <select
              id={`${id}-topic`}
              name={FIELD_NAMES.topic}
              value={topicId}
              onChange={(event) => {
                topicChosenInForm.current = true;
                setTopicId(Number(event.target.value));
              }}
            >
              {target.topics.map((topic) => (
                <option key={topic.id} value={topic.id} lang={recordLang(locale)}>
                  {topic.title}
                </option>
              ))}
            </select>
          </>
        )}
        {target.kind === 'member' && (
          <label>
            <input
              type="checkbox"
              name={FIELD_NAMES.minorityOnly}
              checked={minorityOnly}
              onChange={(event) => setMinorityOnly(event.target.checked)}
            />{' '}
            {t('alerts.form.minorityOnly')}
          </label>
        )}
        <fieldset>
          <legend>{t('alerts.form.frequency')}</legend>
          {(['daily', 'weekly'] as const).map((each) => (
            <label key={each}>
              <input
                type="radio"
                name={radios.frequency}
                value={each}
                checked={frequency === each}
                onChange={() => setFrequency(each)}
              />{' '}
              {t(`alerts.form.${each}`)}
            </label>
          ))}
        </fieldset>
        <label htmlFor={`${id}-email`}>{t('alerts.form.email')}</label>
        {fieldErrors.email && (
          <p id={`${id}-email-error`} className="field-error">
            {fieldErrors.email}
          </p>
        )}
        <input
          id={`${id}-email`}
          name={FIELD_NAMES.email}
          type="email"
          required
          autoComplete="email"
          spellCheck={false}
          value={email}
          aria-invalid={fieldErrors.email ? true : undefined}
          aria-describedby={fieldErrors.email ? `${id}-email-error ${id}-what` : `${id}-what`}
          onChange={(event) => setEmail(event.target.value)}
        />
        <p id={`${id}-what`} className="alert-form-what">
          {t(frequency === 'weekly' ? 'alerts.form.willSendWeekly' : 'alerts.form.willSendDaily', {
            alert: alertSubject(summary, t, locale),
          })}
        </p>
        <p className="alert-form-feed">{t(target.kind === 'search' ? 'alerts.form.feedSearch' : 'alerts.form.feed')}</p>
        <button className="button" type="submit" disabled={status === 'submitting'}>
          {status === 'submitting' ? t('alerts.form.sending') : t('alerts.form.submit')}
        </button>
        {/* Both live regions are always in the page, so what appears in them is announced: the alert's answer and the
            errors that are not one field's (a field's own error stands above it, and the field is focused). */}
        <p className="alert-form-sent" role="status">
          {status === 'sent' ? message : ''}
        </p>
        <p id={`${id}-error`} className="field-error" role="alert">
          {failed ? message : ''}
        </p>
      </form>
    </details>
  );
}
