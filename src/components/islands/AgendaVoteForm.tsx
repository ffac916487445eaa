// The /votingPAUSD form: a choice on each of the five agenda items, optional email and comments, sent to
// submit_agenda_vote. Rendered on the server in full; hydration adds sending, errors and the thank-you. Once the
// meeting is over, each item also shows how the Board voted (from the build's data) and the residents' totals (live).
// Its words come as props, in the page's one language (AGENDA_VOTE_KEYS); the server's refusals are worded by
// src/i18n/serverText.ts, so a translated page never shows English server text.
import { useEffect, useRef, useState, useSyncExternalStore, type SubmitEvent } from 'react';
import { rpcApi } from '../../lib/browser/rpcApi';
import {
  BOARD_VOTES_HREF,
  EMPTY_VOTE_FORM,
  INVALID_EMAIL,
  MEETING_DATE,
  NO_ERRORS,
  displayedErrors,
  missingChoices,
  keyForAnswers,
  toSubmission,
  valuesFromForm,
  type BoardDecision,
  type DisplayedErrors,
  type VisibleField,
  type VoteFormValues,
} from '../../lib/agenda';
import {
  AGENDA_FIELDS,
  CHOICES,
  COMMENTS_MAX,
  SUBMIT_ANSWERS,
  submitAgendaVote,
  type AgendaField,
  type Choice,
} from '../../lib/data/agendaVotes';
import { $residentTotals, IDLE_TOTALS } from '../../lib/browser/residentTotals';
import { translator, type Catalogue } from '../../i18n/translate';
import { localizedPath, type Locale } from '../../i18n/locales';
import { SEND_FAILURE_KEYS, sendFailure, serverTextKeys } from '../../i18n/serverText';
import AgendaOutcome, { AGENDA_OUTCOME_KEYS } from '../AgendaOutcome';

/** The catalogue messages this island shows: what the page gives it (pickMessages). */
export const AGENDA_VOTE_KEYS = [
  ...AGENDA_FIELDS.flatMap((field) => [`vote.item.${field}.title`, `vote.item.${field}.description`]),
  ...CHOICES.map((choice) => `vote.choice.${choice}`),
  'vote.comments',
  'vote.commentsHint',
  'vote.commentsLeft',
  'vote.email',
  'vote.errorsHeading',
  'vote.field.meetingDate',
  'vote.fieldError',
  'vote.form.heading',
  'vote.form.intro',
  'vote.optional',
  'vote.problemSeparator',
  'vote.sendFailure',
  'vote.sending',
  'vote.sendingStatus',
  'vote.submit',
  'vote.thanks.boardLink',
  'vote.thanks.heading',
  'vote.thanks.privacy',
  'vote.thanks.recorded',
  ...AGENDA_OUTCOME_KEYS,
  ...serverTextKeys(SUBMIT_ANSWERS),
  ...SEND_FAILURE_KEYS,
];

/** The form's states: idle, submitting, then succeeded or failed. */
type Status = 'idle' | 'submitting' | 'succeeded' | 'failed';

// Long enough for a slow phone connection; after it the resident sees an error and can send again safely.
const SEND_TIMEOUT_MS = 20_000;

const EMAIL_ID = 'vote-email';
const COMMENTS_ID = 'vote-comments';
const fieldTarget = (field: VisibleField) =>
  field === 'email' ? EMAIL_ID : field === 'comments' ? COMMENTS_ID : `${field}-${CHOICES[0]}`;
const errorId = (field: VisibleField) => `${field}-error`;
const describedBy = (...ids: (string | false)[]) => ids.filter(Boolean).join(' ') || undefined;

interface Props {
  /** How the Board decided each item, when the meeting is over at build time; absent before it. */
  decisions?: Record<AgendaField, BoardDecision> | null;
  /** The page's language, and the island's messages in it. */
  locale: Locale;
  messages: Catalogue;
}

const followTotals = (changed: () => void) => $residentTotals.listen(changed);
const serverTotals = () => IDLE_TOTALS;

export default function AgendaVoteForm({ decisions = null, locale, messages }: Props) {
  const t = translator(locale, messages);
  const [values, setValues] = useState<VoteFormValues>(EMPTY_VOTE_FORM);
  const [status, setStatus] = useState<Status>('idle');
  const [errors, setErrors] = useState<DisplayedErrors>(NO_ERRORS);
  // One key per set of answers, kept across retries of the same answers (see keyForAnswers).
  const lastSent = useRef<{ key: string; answers: string } | null>(null);
  // A second click before React re-renders must not send twice.
  const sending = useRef(false);
  const focusSummary = useRef(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const thanksRef = useRef<HTMLHeadingElement>(null);

  const formRef = useRef<HTMLFormElement>(null);
  // Read by the page's script (residentTotalsAtLoad.ts), which shows them before this island wakes; followed here from
  // the same store. Hydration starts from what the server rendered (none), then shows what the script shows.
  const totals = useSyncExternalStore(followTotals, $residentTotals.get, serverTotals);

  // The island wakes at the reader's first touch (client:demand): whatever was chosen or typed before it woke is
  // kept, read from the form.
  useEffect(() => {
    if (formRef.current) setValues(valuesFromForm(new FormData(formRef.current)));
  }, []);

  useEffect(() => {
    if (status === 'succeeded') thanksRef.current?.focus();
  }, [status]);

  useEffect(() => {
    if (focusSummary.current) {
      focusSummary.current = false;
      summaryRef.current?.focus();
    }
  }, [errors]);

  const fail = (shown: DisplayedErrors) => {
    focusSummary.current = true;
    setErrors(shown);
    setStatus('failed');
  };

  const choose = (field: AgendaField, choice: Choice) => {
    setValues((current) => ({ ...current, choices: { ...current.choices, [field]: choice } }));
    // The item is answered now: its "needs a choice" message has done its job.
    setErrors((current) => {
      if (!current.fields[field]) return current;
      const fields = { ...current.fields };
      delete fields[field];
      return { ...current, fields };
    });
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    // What the form shows is what is sent: a vote sent before the island woke (held by client:demand and sent again
    // once hydrated) arrives before the choices made meanwhile have reached the state.
    const answers = formRef.current ? valuesFromForm(new FormData(formRef.current)) : values;
    setValues(answers);
    // One error system: the browser's bubbles are off (noValidate) and every problem goes to the summary, the
    // address judged by the browser's own type=email rule.
    const emailInvalid =
      formRef.current?.querySelector<HTMLInputElement>(`#${EMAIL_ID}`)?.validity.typeMismatch ?? false;
    const problems = { ...missingChoices(answers.choices), ...(emailInvalid ? { email: [INVALID_EMAIL] } : {}) };
    if (Object.keys(problems).length > 0) return fail(displayedErrors({ errors: problems, form_errors: [] }, t));

    lastSent.current = keyForAnswers(lastSent.current, JSON.stringify(toSubmission(answers, '')));
    sending.current = true;
    setErrors(NO_ERRORS);
    setStatus('submitting');
    try {
      const result = await submitAgendaVote(rpcApi(), toSubmission(answers, lastSent.current.key), {
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      if (result.ok) setStatus('succeeded');
      else fail(displayedErrors(result, t));
    } catch (error) {
      console.error('The agenda vote could not be sent', error);
      const reason = error instanceof Error ? error.message : String(error);
      fail({ fields: {}, form: [t('vote.sendFailure', { reason: sendFailure(reason, t) })] });
    } finally {
      sending.current = false;
    }
  };

  if (status === 'succeeded') {
    return (
      <div className="vote-thanks">
        <h2 ref={thanksRef} tabIndex={-1}>
          {t('vote.thanks.heading')}
        </h2>
        <p>{t('vote.thanks.recorded')}</p>
        <p>{t('vote.thanks.privacy')}</p>
        <p>
          <a href={localizedPath(locale, BOARD_VOTES_HREF)}>{t('vote.thanks.boardLink')}</a>
        </p>
      </div>
    );
  }

  const submitting = status === 'submitting';
  const fieldErrors = Object.entries(errors.fields) as [VisibleField, string][];
  const hasErrors = errors.form.length > 0 || fieldErrors.length > 0;

  return (
    <form
      ref={formRef}
      className="vote-form"
      onSubmit={onSubmit}
      aria-labelledby="cast-your-vote"
      aria-busy={submitting}
      noValidate
    >
      <h2 id="cast-your-vote">{t('vote.form.heading')}</h2>
      <p>{t('vote.form.intro')}</p>

      {hasErrors && (
        // A labelled region, so a screen reader's list of landmarks leads back to what stopped the vote.
        <div
          className="error-summary"
          ref={summaryRef}
          tabIndex={-1}
          role="region"
          aria-labelledby="error-summary-title"
        >
          <h3 id="error-summary-title">{t('vote.errorsHeading')}</h3>
          <ul>
            {errors.form.map((message) => (
              <li key={message}>{message}</li>
            ))}
            {fieldErrors.map(([field, text]) => (
              <li key={field}>
                <a href={`#${fieldTarget(field)}`}>{text}</a>
              </li>
            ))}
          </ul>
        </div>
      )}

      <input type="hidden" name="meeting_date" value={MEETING_DATE} />

      {AGENDA_FIELDS.map((field) => {
        const error = errors.fields[field];
        return (
          <fieldset
            key={field}
            className="agenda-card"
            aria-describedby={describedBy(`${field}-description`, !!error && errorId(field))}
          >
            <legend>
              <h3>{t(`vote.item.${field}.title`)}</h3>
            </legend>
            <p id={`${field}-description`}>{t(`vote.item.${field}.description`)}</p>
            {decisions && (
              <AgendaOutcome field={field} decision={decisions[field]} totals={totals} t={t} locale={locale} />
            )}
            {error && (
              <p id={errorId(field)} className="field-error">
                {error}
              </p>
            )}
            <div className="choices">
              {CHOICES.map((choice) => {
                const id = `${field}-${choice}`;
                return (
                  <div className="choice" key={choice}>
                    <input
                      type="radio"
                      id={id}
                      name={field}
                      value={choice}
                      required
                      checked={values.choices[field] === choice}
                      onChange={() => choose(field, choice)}
                    />
                    <label htmlFor={id}>{t(`vote.choice.${choice}`)}</label>
                  </div>
                );
              })}
            </div>
          </fieldset>
        );
      })}

      <div className="field">
        <label htmlFor={EMAIL_ID}>{t('vote.email')}</label>
        <p id={`${EMAIL_ID}-hint`} className="hint">
          {t('vote.optional')}
        </p>
        {errors.fields.email && (
          <p id={errorId('email')} className="field-error">
            {errors.fields.email}
          </p>
        )}
        <input
          id={EMAIL_ID}
          name="email"
          type="email"
          autoComplete="email"
          spellCheck={false}
          value={values.email}
          aria-invalid={errors.fields.email ? true : undefined}
          aria-describedby={describedBy(`${EMAIL_ID}-hint`, !!errors.fields.email && errorId('email'))}
          onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
        />
      </div>

      <div className="field">
        <label htmlFor={COMMENTS_ID}>{t('vote.comments')}</label>
        <p id={`${COMMENTS_ID}-hint`} className="hint">
          {t('vote.commentsHint')}
        </p>
        {errors.fields.comments && (
          <p id={errorId('comments')} className="field-error">
            {errors.fields.comments}
          </p>
        )}
        <textarea
          id={COMMENTS_ID}
          name="comments"
          rows={4}
          value={values.comments}
          maxLength={COMMENTS_MAX}
          aria-invalid={errors.fields.comments ? true : undefined}
          aria-describedby={describedBy(
            `${COMMENTS_ID}-hint`,
            `${COMMENTS_ID}-left`,
            !!errors.fields.comments && errorId('comments'),
          )}
          onChange={(event) => setValues((current) => ({ ...current, comments: event.target.value }))}
        />
        {/* Counts down as the resident types, said politely by a screen reader; the box's maxlength, the database's
            limit, stops the typing at zero. */}
        <p id={`${COMMENTS_ID}-left`} className="hint" aria-live="polite">
          {t('vote.commentsLeft', { count: Math.max(0, COMMENTS_MAX - values.comments.length) })}
        </p>
      </div>

      <button className="button" type="submit" disabled={submitting}>
        {submitting ? t('vote.sending') : t('vote.submit')}
      </button>
      <p className="visually-hidden" role="status">
        {submitting ? t('vote.sendingStatus') : ''}
      </p>
    </form>
  );
}
