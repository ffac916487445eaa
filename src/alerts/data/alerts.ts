// The alerts (private.alerts): written and read only through their functions. create_alert answers {ok, errors,
// form_errors} like subscribe; the management page's functions take the address's signed token and answer a status.
// Nobody reads the tables through the API. Each alert's feed is served by the API side at /functions/v1/alert-feed.
import type { RpcDb } from '../../lib/data/client';
import { callFormFunction } from '../../lib/data/formCall.ts';
import type { FormResult } from '../../lib/data/formResult';
import { QueryError, UNEXPECTED_ANSWER } from '../../lib/data/queryError.ts';
import { reasonOf } from '../../lib/data/serverAnswer.ts';

export const TABLE = 'alerts';

/** The refusals create_alert answers, by code: its fields', the form's, its search text's (as the record search's), and the limits. */
export const CREATE_ALERT_ANSWERS = [
  'field.required',
  'field.max_length',
  'field.local_part',
  'field.email_invalid',
  'field.language',
  'field.frequency',
  'field.name_unsearchable',
  'form.alert_kind',
  'form.minority_only',
  'form.district_or_state',
  'form.no_alert_district',
  'form.no_state_district',
  'form.no_topic',
  'form.topic_unsearchable',
  'form.no_member',
  'form.most_alerts',
  'search.kinds',
  'search.empty',
  'search.too_long',
  'search.stop_words',
  'search.only_left_out',
  'search.too_many_words',
  'search.too_many_left_out',
  'limit.alerts',
  'limit.mailbox',
  'limit.site',
] as const;

export type AlertKind = 'search' | 'topic' | 'member';
export type AlertRecordKind = 'meeting' | 'topic' | 'vote';
export type AlertFrequency = 'daily' | 'weekly';

/** An alert as the database lists it (list_alerts, the emails' payloads). */
export interface AlertSummary {
  kind: AlertKind;
  /** The words searched, the topic's title or the member's name. */
  text: string;
  district_id: number | null;
  district_name: string | null;
  state: string | null;
  kinds: AlertRecordKind[];
  minority_only: boolean;
  frequency: AlertFrequency;
}

/** What a form sends to create_alert (the address, what to look for, where, how often, the page's language). */
export interface NewAlert {
  email: string;
  kind: AlertKind;
  q?: string;
  district_id?: number | null;
  state?: string | null;
  kinds?: AlertRecordKind[] | null;
  topic_id?: number;
  member?: string;
  minority_only?: boolean;
  frequency: AlertFrequency;
  language: string;
}

/** Creates an alert (asking the address to confirm when it is new); throws a QueryError when the request fails. */
export function createAlert(db: RpcDb, alert: NewAlert, options: { signal?: AbortSignal } = {}): Promise<FormResult> {
  return callFormFunction(db, TABLE, 'create_alert', { ...alert, email: alert.email.trim() }, options.signal);
}

/** One alert as list_alerts answers it. */
export interface ListedAlert extends AlertSummary {
  id: number;
  paused: boolean;
  feed_token: string;
  /** Whether its owner confirmed it (by the confirmation email's link, or on the management page); one waiting is matched for nothing. */
  confirmed: boolean;
}

export type ManageStatus =
  | 'listed'
  | 'confirmed'
  | 'paused'
  | 'resumed'
  | 'changed'
  | 'deleted'
  | 'unsubscribed'
  | 'unknown'
  | 'malformed'
  | 'no_alert'
  | 'invalid';

/** The answer of list_alerts and of the functions that change an alert. */
export interface ManageAnswer {
  ok: boolean;
  status: ManageStatus;
  email?: string;
  confirmed?: boolean;
  alerts?: ListedAlert[];
}

const STATUSES = new Set<ManageStatus>([
  'listed',
  'confirmed',
  'paused',
  'resumed',
  'changed',
  'deleted',
  'unsubscribed',
  'unknown',
  'malformed',
  'no_alert',
  'invalid',
]);

/** Checks a management answer has the documented shape; anything else is null. */
export function parseManageAnswer(raw: unknown): ManageAnswer | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { ok, status, email, confirmed, alerts } = raw as Record<string, unknown>;
  if (typeof ok !== 'boolean' || typeof status !== 'string' || !STATUSES.has(status as ManageStatus)) return null;
  if (alerts !== undefined && !Array.isArray(alerts)) return null;
  return {
    ok,
    status: status as ManageStatus,
    ...(typeof email === 'string' ? { email } : {}),
    ...(typeof confirmed === 'boolean' ? { confirmed } : {}),
    ...(Array.isArray(alerts) ? { alerts: alerts as ListedAlert[] } : {}),
  };
}

/** A management token as the links carry it: 64 lowercase hex characters. Anything else is not sent. */
export function isManageToken(token: string | null | undefined): token is string {
  return typeof token === 'string' && /^[0-9a-f]{64}$/.test(token);
}

/** What the management page can ask. */
export type ManageCall =
  | { name: 'list_alerts' }
  | { name: 'pause_alert'; alert_id: number; paused: boolean }
  | { name: 'confirm_alert'; alert_id: number }
  | { name: 'set_alert_frequency'; alert_id: number; frequency: AlertFrequency }
  | { name: 'delete_alert'; alert_id: number }
  | { name: 'unsubscribe_alerts' };

/** Calls one management function with the page's token; throws a QueryError when it fails or answers nonsense. */
export async function manageAlerts(
  db: RpcDb,
  token: string,
  call: ManageCall,
  options: { signal?: AbortSignal } = {},
): Promise<ManageAnswer> {
  const { name, ...args } = call;
  let request = db.rpc(name, { token, ...args });
  if (options.signal) request = request.abortSignal(options.signal);
  const { data, error } = await request;
  if (error) throw new QueryError(TABLE, reasonOf(error));
  const answer = parseManageAnswer(data);
  if (!answer) throw new QueryError(TABLE, UNEXPECTED_ANSWER);
  return answer;
}

/** An alert's Atom feed on the API side (the one rule of the feed addresses, which the feed function reads). */
export { alertFeedUrl } from '../../../supabase/functions/_shared/feedAddress.ts';
