// The subscriptions table: written only through subscribe(email, district_id), one row per address and
// district; it answers {ok, errors, form_errors} like the agenda vote. Nobody reads it through the API.
import { describeSendFailure, fieldErrorText, type FormResult } from '../formResult';
import type { Db } from './client';
import { callFormFunction } from './formCall';

export const TABLE = 'subscriptions';
export const SUBSCRIBE_FUNCTION = 'subscribe';

/**
 * Subscribes an address to a district's summaries (subscribing again answers ok and stores nothing more).
 * Throws a QueryError when the request fails or the answer is not the documented shape.
 */
export async function subscribe(db: Db, email: string, districtId: number, options: { signal?: AbortSignal } = {}): Promise<FormResult> {
  return callFormFunction(db, TABLE, SUBSCRIBE_FUNCTION, { email: email.trim(), district_id: districtId }, options.signal);
}

/** The confirmation the subscribe box shows, the same for a first and a repeated subscription. */
export function subscribedMessage(email: string): string {
  return `Thanks! Summaries will be sent to ${email.trim()}.`;
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
