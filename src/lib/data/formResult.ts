// The answer of our write functions (submit_agenda_vote, subscribe) and how its errors read on screen.

/** Messages per field name; each message reads after the field's label ('must be at most 254 characters'). */
export type FieldErrors = Record<string, string[]>;

/** The one answer shape both functions document: {ok, errors, form_errors}. */
export interface FormResult {
  ok: boolean;
  errors: FieldErrors;
  form_errors: string[];
}

const isStringArray = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

/** Checks an answer has the documented shape; anything else is null, an unexpected answer the caller must show. */
export function parseFormResult(raw: unknown): FormResult | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const { ok, errors, form_errors: formErrors } = raw as Record<string, unknown>;
  if (typeof ok !== 'boolean' || !isStringArray(formErrors)) return null;
  if (typeof errors !== 'object' || errors === null || Array.isArray(errors)) return null;
  if (!Object.values(errors).every(isStringArray)) return null;
  // A refusal must say why: an answer of ok false without a single message would leave the resident guessing.
  if (!ok && formErrors.length === 0 && Object.values(errors).every((messages) => messages.length === 0)) return null;
  return { ok, errors: errors as FieldErrors, form_errors: formErrors };
}
