// A refusal as the database answers it: a stable code and its parameters, never words ({code: 'field.max_length',
// max: 254}). The form functions answer these objects in their errors and form_errors; a function that raises one
// puts the code in PostgREST's message and the parameters, as a JSON object, in its details. The site words each
// code in the page's language from its catalogues (src/i18n/serverText.ts).

/** A code ('search.too_long') and its parameters ({max: 200, length: 250}). */
export type ServerAnswer = { code: string } & Record<string, unknown>;

/** A code: its kind and its name, both lower case ('field.max_length', 'limit.forms'). */
const CODE = /^[a-z]+\.[a-z_]+$/;

/** Whether a text is a refusal's code (PostgREST's message of a refusal the database raised). */
export function isRefusalCode(text: string): boolean {
  return CODE.test(text);
}

/** Whether a value is a refusal's object: a {code} with a code's shape and any parameters. */
export function isServerAnswer(value: unknown): value is ServerAnswer {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const { code } = value as { code?: unknown };
  return typeof code === 'string' && CODE.test(code);
}

/**
 * A failed call's reason, as a QueryError carries it: PostgREST's message, and for a refusal its parameters after
 * its code ('search.too_long {"max":200,"length":250}'), so the page can word it.
 */
export function reasonOf(error: { message: string; details?: string | null }): string {
  return CODE.test(error.message) && error.details ? `${error.message} ${error.details}` : error.message;
}

/** The refusal a reason names (its code, and its parameters when it has some), or null for any other failure. */
export function refusalOf(reason: string): ServerAnswer | null {
  const text = reason.trim();
  const space = text.indexOf(' ');
  const code = space === -1 ? text : text.slice(0, space);
  if (!CODE.test(code)) return null;
  if (space === -1) return { code };
  try {
    const parameters: unknown = JSON.parse(text.slice(space + 1));
    return typeof parameters === 'object' && parameters !== null && !Array.isArray(parameters)
      ? { ...parameters, code }
      : null;
  } catch {
    return null;
  }
}
