// The local gateway's rules about what passes through it, as pure functions: which headers a proxy forwards, and
// what an error answer may tell an anonymous visitor.
import { isRefusalCode } from '../../src/lib/data/serverAnswer.ts';

/**
 * Headers that describe one connection, not the request (RFC 9110, section 7.6.1): a proxy never forwards them,
 * in either direction. Forwarded, a client's `Connection: close` would make PostgREST close a connection the
 * gateway keeps for the next visitor. `expect` is answered by the gateway itself (it sends the body whole).
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'expect']);

/**
 * The headers a proxy passes on: all but the hop-by-hop ones, `proxy-*`, and those the Connection header names.
 * @param {import('node:http').IncomingHttpHeaders | import('node:http').OutgoingHttpHeaders} headers
 * @returns {import('node:http').OutgoingHttpHeaders}
 */
export function endToEndHeaders(headers) {
  const connection = headers.connection ?? headers.Connection ?? '';
  const named = new Set(
    String(Array.isArray(connection) ? connection.join(',') : connection)
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  /** @type {import('node:http').OutgoingHttpHeaders} */
  const passed = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (value === undefined || HOP_BY_HOP.has(lower) || lower.startsWith('proxy-') || named.has(lower)) continue;
    passed[lower] = value;
  }
  return passed;
}

/** What a visitor is told when the database cannot be reached (the detail, with its addresses, goes to the log). */
export const UNREACHABLE_MESSAGE = 'The database is not answering just now. Please try again in a moment.';

// PostgREST's own codes for a database it cannot reach or read (PGRST000-PGRST003): their details name the host.
const CONNECTION_CODES = /^PGRST00\d$/;
// A message that names a machine: an IPv4 or IPv6 address, a host and port, or Postgres's connection error.
const NAMES_A_MACHINE = /\b\d{1,3}(?:\.\d{1,3}){3}\b|\[[0-9a-f:]+\]|localhost|connection to server|\bport \d+/i;
/** What a visitor is told when an error answer carries no message of its own. */
const REFUSED_MESSAGE = 'The request was refused.';

/**
 * Whether a text is the JSON of an object.
 * @param {string} text
 */
function isJsonObject(text) {
  try {
    const value = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}

/**
 * The error body an anonymous visitor gets for PostgREST's answer `text` with status `status`: the code and the
 * message in plain words, never a hint or details (PostgREST's hints name other tables, 'Perhaps you meant the table
 * …', and its connection errors name the database host), except the details of a refusal the database raised with
 * its code ('search.too_long'): they are its parameters, a JSON object ({"max": 200, "length": 250}), for the site to
 * word. Returns null when the body may pass as it is (a success, or an answer that is not PostgREST's JSON error). The
 * original is for the log.
 * @param {number} status
 * @param {string} text
 * @returns {string | null}
 */
export function publicErrorBody(status, text) {
  if (status < 400) return null;
  let error;
  try {
    error = JSON.parse(text);
  } catch {
    return status >= 500
      ? JSON.stringify({ code: null, message: UNREACHABLE_MESSAGE, details: null, hint: null })
      : null;
  }
  if (error === null || typeof error !== 'object' || Array.isArray(error)) return null;
  const code = typeof error.code === 'string' ? error.code : null;
  const message = typeof error.message === 'string' ? error.message : '';
  let plain = message;
  if ((code && CONNECTION_CODES.test(code)) || NAMES_A_MACHINE.test(message)) plain = UNREACHABLE_MESSAGE;
  else if (!message) plain = status >= 500 ? UNREACHABLE_MESSAGE : REFUSED_MESSAGE;
  const parameters =
    isRefusalCode(plain) && typeof error.details === 'string' && isJsonObject(error.details) ? error.details : null;
  const rewritten = JSON.stringify({ code, message: plain, details: parameters, hint: null });
  return rewritten === text ? null : rewritten;
}
