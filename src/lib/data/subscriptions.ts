// The subscriptions table: written only through subscribe(email, district_id), one row per address and
// district; it answers {ok, errors, form_errors} like the agenda vote. The links in emails call
// confirm_subscription(token) and unsubscribe(token). Nobody reads the table through the API.
import { describeSendFailure, fieldErrorText, type FormResult } from './formResult';
import type { Db } from './client';
import { callFormFunction } from './formCall';
import { QueryError } from './queryError';

export const TABLE = 'subscriptions';
export const SUBSCRIBE_FUNCTION = 'subscribe';
/**
 * Subscribes an address to a district's summaries (subscribing again answers ok and stores nothing more), with the
 * language its emails are to be written in (en, es or zh: the page's; the database's default is English).
 * Throws a QueryError when the request fails or the answer is not the documented shape.
 */
export async function subscribe(db: Db, email: string, districtId: number, options: { signal?: AbortSignal; language?: string } = {}): Promise<FormResult> {
  const language = options.language ? { language: options.language } : {};
  return callFormFunction(db, TABLE, SUBSCRIBE_FUNCTION, { email: email.trim(), district_id: districtId, ...language }, options.signal);
}

/**
 * What the subscribe box says once the server took the address, the same for a first and a repeated subscription
 * (so it tells nobody whether an address was already on the list): one line.
 */
export function subscribedMessage(email: string): string {
  return `Almost done: a confirmation email is on its way to ${email.trim()}. Open its link to get this board's meeting summaries; the address is used for nothing else.`;
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

const LINK_STATUSES = new Set<EmailLinkResult['status']>(['confirmed', 'unsubscribed', 'used', 'expired', 'unknown', 'malformed']);

/** Checks an email link's answer has the documented shape; anything else is null. */
export function parseEmailLinkResult(raw: unknown): EmailLinkResult | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { ok, status, district_id: districtId, district_name: districtName } = raw as Record<string, unknown>;
  if (typeof ok !== 'boolean' || typeof status !== 'string' || !LINK_STATUSES.has(status as EmailLinkResult['status'])) return null;
  return {
    ok,
    status: status as EmailLinkResult['status'],
    ...(typeof districtId === 'number' ? { district_id: districtId } : {}),
    ...(typeof districtName === 'string' ? { district_name: districtName } : {}),
  };
}

/** A token as the links carry it: 64 lowercase hex characters. Anything else is not sent to the server. */
export function isEmailLinkToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && /^[0-9a-f]{64}$/.test(token);
}

/** Calls the function behind an email link with its token; throws a QueryError when it fails or answers nonsense. */
export async function followEmailLink(db: Db, action: EmailLinkAction, token: string, options: { signal?: AbortSignal } = {}): Promise<EmailLinkResult> {
  let request = db.rpc(action === 'confirm' ? 'confirm_subscription' : 'unsubscribe', { token });
  if (options.signal) request = request.abortSignal(options.signal);
  const { data, error } = await request;
  if (error) throw new QueryError(TABLE, error.message);
  const result = parseEmailLinkResult(data);
  if (!result) throw new QueryError(TABLE, 'the server gave an unexpected answer');
  return result;
}

/** What the confirm and unsubscribe pages ask before anything is done: opening a link alone changes nothing. */
export function emailLinkInvitation(action: EmailLinkAction): string {
  return action === 'confirm'
    ? 'To get this board’s meeting summaries by email, confirm your subscription with the button below.'
    : 'To stop getting this board’s meeting summaries, press the button below.';
}

/** The one button of the confirm and unsubscribe pages. */
export function emailLinkButton(action: EmailLinkAction): string {
  return action === 'confirm' ? 'Confirm my subscription' : 'Unsubscribe me';
}

/** What the confirm and unsubscribe pages say while their request is on its way. */
export function emailLinkWorking(action: EmailLinkAction): string {
  return action === 'confirm' ? 'Confirming your subscription…' : 'Unsubscribing…';
}

/** What the confirm and unsubscribe pages say for each answer. */
export function emailLinkMessage(action: EmailLinkAction, result: Pick<EmailLinkResult, 'status' | 'district_name'>): string {
  const board = result.district_name ? `${result.district_name}'s` : 'the board\'s';
  switch (result.status) {
    case 'confirmed':
      return `Your subscription is confirmed. Summaries of ${board} new meetings will come to your inbox.`;
    case 'unsubscribed':
      return `You are unsubscribed. No more summaries of ${board} meetings will be sent to you.`;
    case 'used':
      return 'This confirmation link was already used: the subscription is confirmed. There is nothing more to do.';
    case 'expired':
      return 'This confirmation link has expired: links work for three days. Subscribe again on the district page to get a new one.';
    default:
      return action === 'confirm'
        ? 'This confirmation link is not valid. Open the whole link from the email, or subscribe again on the district page.'
        : 'This unsubscribe link is not valid. Open the whole link from the email.';
  }
}

/** The message when an email link's request did not reach the server or its answer made no sense. */
export function emailLinkSendFailure(action: EmailLinkAction, reason: string): string {
  const what = action === 'confirm' ? 'Your subscription could not be confirmed' : 'You could not be unsubscribed';
  return `${what}: ${describeSendFailure(reason)}. Please try again.`;
}

/** Why a subscription was refused, as one text: 'Email …' for the address, then any form-level reasons. */
export function refusalText(result: Pick<FormResult, 'errors' | 'form_errors'>): string {
  const parts = Object.entries(result.errors)
    .filter(([, messages]) => messages.length > 0)
    .map(([field, messages]) => `${fieldErrorText(field === 'email' ? 'Email' : field, messages)}.`);
  return [...parts, ...result.form_errors].join(' ');
}

/** The message when the subscription did not reach the server or its answer made no sense. */
export function subscribeSendFailure(reason: string): string {
  return `Your subscription could not be sent: ${describeSendFailure(reason)}. Please try again.`;
}
