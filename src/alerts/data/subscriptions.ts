// The subscriptions table: written only through subscribe(email, district_id), one row per address and
// district; it answers {ok, errors, form_errors} like the agenda vote. The links in emails call
// confirm_subscription(token) and unsubscribe(token); the alerts' management page lists and stops the address's
// district summaries with its management token (list_digests, stop_digest). Nobody reads the table through the API.
import type { FormResult } from '../../lib/data/formResult';
import type { RpcDb } from '../../lib/data/client';
import { callFormFunction } from '../../lib/data/formCall';
import { QueryError, UNEXPECTED_ANSWER } from '../../lib/data/queryError';
import { reasonOf } from '../../lib/data/serverAnswer';
import { isEmailLinkToken } from './emailLinkToken';

// A token as the links carry it (emailLinkToken.ts: its own small module, which the email links' pages read at load).
export { isEmailLinkToken };

export const TABLE = 'subscriptions';
const SUBSCRIBE_FUNCTION = 'subscribe';

/** The refusals subscribe answers, by code: the address's problems, its language, the district, and the limits. */
export const SUBSCRIBE_ANSWERS = [
  'field.required',
  'field.max_length',
  'field.local_part',
  'field.email_invalid',
  'field.language',
  'form.no_district',
  'limit.subscribe',
  'limit.mailbox',
  'limit.site',
] as const;
/**
 * Subscribes an address to a district's summaries (subscribing again answers ok and stores nothing more), with the
 * language its emails are to be written in (en, es or zh: the page's; the database's default is English).
 * Throws a QueryError when the request fails or the answer is not the documented shape.
 */
export async function subscribe(
  db: RpcDb,
  email: string,
  districtId: number,
  options: { signal?: AbortSignal; language?: string } = {},
): Promise<FormResult> {
  const language = options.language ? { language: options.language } : {};
  return callFormFunction(
    db,
    TABLE,
    SUBSCRIBE_FUNCTION,
    { email: email.trim(), district_id: districtId, ...language },
    options.signal,
  );
}

/** What the two email links do: confirm a subscription, or end one. */
export type EmailLinkAction = 'confirm' | 'unsubscribe';

/** The answer of confirm_subscription(token) and unsubscribe(token). */
export interface EmailLinkResult {
  ok: boolean;
  status: 'confirmed' | 'unsubscribed' | 'used' | 'expired' | 'unknown' | 'malformed';
  district_id?: number;
  district_name?: string;
  /** The management link's token, answered for an address's alerts (confirmed, or used within its three days). */
  manage_token?: string;
}

const LINK_STATUSES = new Set<EmailLinkResult['status']>([
  'confirmed',
  'unsubscribed',
  'used',
  'expired',
  'unknown',
  'malformed',
]);

/** Checks an email link's answer has the documented shape; anything else is null. */
export function parseEmailLinkResult(raw: unknown): EmailLinkResult | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const {
    ok,
    status,
    district_id: districtId,
    district_name: districtName,
    manage_token: manageToken,
  } = raw as Record<string, unknown>;
  if (typeof ok !== 'boolean' || typeof status !== 'string' || !LINK_STATUSES.has(status as EmailLinkResult['status']))
    return null;
  return {
    ok,
    status: status as EmailLinkResult['status'],
    ...(typeof districtId === 'number' ? { district_id: districtId } : {}),
    ...(typeof districtName === 'string' ? { district_name: districtName } : {}),
    // Only a well-formed token is kept: it is put into a link.
    ...(typeof manageToken === 'string' && isEmailLinkToken(manageToken) ? { manage_token: manageToken } : {}),
  };
}

/** Calls the function behind an email link with its token; throws a QueryError when it fails or answers nonsense. */
export async function followEmailLink(
  db: RpcDb,
  action: EmailLinkAction,
  token: string,
  options: { signal?: AbortSignal } = {},
): Promise<EmailLinkResult> {
  let request = db.rpc(action === 'confirm' ? 'confirm_subscription' : 'unsubscribe', { token });
  if (options.signal) request = request.abortSignal(options.signal);
  const { data, error } = await request;
  if (error) throw new QueryError(TABLE, reasonOf(error));
  const result = parseEmailLinkResult(data);
  if (!result) throw new QueryError(TABLE, UNEXPECTED_ANSWER);
  return result;
}

/** One district summaries subscription of the management link's address, as list_digests answers it. */
export interface ListedDigest {
  /** The subscription's id: what stop_digest is given. */
  id: number;
  district_id: number;
  district_name: string;
  /** The language its emails are written in. */
  language: 'en' | 'es' | 'zh';
  /** Whether its owner opened the confirmation link; one waiting is sent nothing until then. */
  confirmed: boolean;
}

export type DigestStatus = 'listed' | 'stopped' | 'no_digest' | 'unknown' | 'malformed';

/** The answer of list_digests and stop_digest. */
export interface DigestAnswer {
  ok: boolean;
  status: DigestStatus;
  digests?: ListedDigest[];
  /** Whether the address has more than the 100 listed. */
  more?: boolean;
}

const DIGEST_STATUSES = new Set<DigestStatus>(['listed', 'stopped', 'no_digest', 'unknown', 'malformed']);
const LANGUAGES = new Set(['en', 'es', 'zh']);

function isListedDigest(raw: unknown): raw is ListedDigest {
  if (typeof raw !== 'object' || raw === null) return false;
  const { id, district_id: districtId, district_name: name, language, confirmed } = raw as Record<string, unknown>;
  return (
    typeof id === 'number' &&
    typeof districtId === 'number' &&
    typeof name === 'string' &&
    typeof language === 'string' &&
    LANGUAGES.has(language) &&
    typeof confirmed === 'boolean'
  );
}

/** Checks a digests answer has the documented shape, each listed subscription too; anything else is null. */
export function parseDigestAnswer(raw: unknown): DigestAnswer | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { ok, status, digests, more } = raw as Record<string, unknown>;
  if (typeof ok !== 'boolean' || typeof status !== 'string' || !DIGEST_STATUSES.has(status as DigestStatus))
    return null;
  if (digests !== undefined && !(Array.isArray(digests) && digests.every(isListedDigest))) return null;
  return {
    ok,
    status: status as DigestStatus,
    ...(Array.isArray(digests)
      ? {
          digests: digests.map(({ id, district_id, district_name, language, confirmed }) => ({
            id,
            district_id,
            district_name,
            language,
            confirmed,
          })),
        }
      : {}),
    ...(typeof more === 'boolean' ? { more } : {}),
  };
}

/** What the management page asks of the address's district summaries. */
export type DigestCall = { name: 'list_digests' } | { name: 'stop_digest'; subscription_id: number };

/** Calls one of them with the management link's token; throws a QueryError when it fails or answers nonsense. */
export async function manageDigests(
  db: RpcDb,
  token: string,
  call: DigestCall,
  options: { signal?: AbortSignal } = {},
): Promise<DigestAnswer> {
  const { name, ...args } = call;
  let request = db.rpc(name, { token, ...args });
  if (options.signal) request = request.abortSignal(options.signal);
  const { data, error } = await request;
  if (error) throw new QueryError(TABLE, reasonOf(error));
  const answer = parseDigestAnswer(data);
  if (!answer) throw new QueryError(TABLE, UNEXPECTED_ANSWER);
  return answer;
}
