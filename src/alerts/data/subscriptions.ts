// The subscriptions table: written only through subscribe(email, district_id), one row per address and
// district; it answers {ok, errors, form_errors} like the agenda vote. The links in emails call
// confirm_subscription(token) and unsubscribe(token). Nobody reads the table through the API.
import type { FormResult } from '../../lib/data/formResult';
import type { RpcDb } from '../../lib/data/client';
import { callFormFunction } from '../../lib/data/formCall';
import { QueryError, UNEXPECTED_ANSWER } from '../../lib/data/queryError';
import { reasonOf } from '../../lib/data/serverAnswer';

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
  const { ok, status, district_id: districtId, district_name: districtName } = raw as Record<string, unknown>;
  if (typeof ok !== 'boolean' || typeof status !== 'string' || !LINK_STATUSES.has(status as EmailLinkResult['status']))
    return null;
  return {
    ok,
    status: status as EmailLinkResult['status'],
    ...(typeof districtId === 'number' ? { district_id: districtId } : {}),
    ...(typeof districtName === 'string' ? { district_name: districtName } : {}),
  };
}

// A token as the links carry it (emailLinkToken.ts: its own small module, which the email links' pages read at load).
export { isEmailLinkToken } from './emailLinkToken';

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
