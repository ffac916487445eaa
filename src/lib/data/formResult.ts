// The answer of our write functions (submit_agenda_vote, subscribe, create_alert): each problem a code and its
// parameters, by field and for the form as a whole.
import { isServerAnswer, type ServerAnswer } from './serverAnswer.ts';

/** Problems per field name; each is worded to read after the field's label ('must be at most 254 characters'). */
export type FieldErrors = Record<string, ServerAnswer[]>;

/** The one answer shape the functions document: {ok, errors, form_errors}. */
export interface FormResult {
  ok: boolean;
  errors: FieldErrors;
  form_errors: ServerAnswer[];
}

const isAnswerArray = (value: unknown): value is ServerAnswer[] => Array.isArray(value) && value.every(isServerAnswer);

/** Checks an answer has the documented shape; anything else is null, an unexpected answer the caller must show. */
export function parseFormResult(raw: unknown): FormResult | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const { ok, errors, form_errors: formErrors } = raw as Record<string, unknown>;
  if (typeof ok !== 'boolean' || !isAnswerArray(formErrors)) return null;
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return null;
  if (!Object.values(errors).every(isAnswerArray)) return null;
  // A refusal must say why: an answer of ok false without a single problem would leave the resident guessing.
  if (!ok && formErrors.length === 0 && Object.values(errors).every((messages) => messages.length === 0)) return null;
  return { ok, errors: errors as FieldErrors, form_errors: formErrors };
}
