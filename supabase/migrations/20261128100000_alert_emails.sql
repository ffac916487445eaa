-- The alert emails: after each matching run, one email per address groups every match of its alerts not sent yet,
-- daily or weekly as each alert asks; the matches it lists are marked sent in the same transaction that queues it, so
-- no match goes out twice and none is lost. What the email says is written by the sender (src/lib/mail/alertEmails.ts)
-- from the payload queued here.
--
-- What changes for a hosted database that ran the earlier migrations:
--   * email_outbox.kind may be 'alert' (one address's matches).
--   * private.alerts gains last_sent_at (when its matches last went out in an email; null before the first).
--   * New: queue_alert_emails() for the sender (service_role only); stop_alerts(token, alert_ids) for anon (the
--     one-click unsubscribe of an alert email: those alerts end, the address's others stay); private.marked_snippet().

alter table public.email_outbox drop constraint email_outbox_kind_check;
alter table public.email_outbox add constraint email_outbox_kind_check
  check (kind in ('confirmation', 'digest', 'alert_confirmation', 'alert'));

alter table private.alerts add column last_sent_at timestamptz;
comment on column private.alerts.last_sent_at is 'When this alert''s matches last went out in an email; null before the first. A weekly alert waits a week from it (or from its creation).';

/*
  private.marked_snippet(body, query) returns text: the part of a record's text that matches the query, as the record
  search shows it: at most two fragments of 12 to 30 words, joined by ' … ', escaped for HTML, with <mark>…</mark>
  around the matching words (the only markup it carries). The sender reads it back through the site's sanitiser.
*/
create function private.marked_snippet(body text, query tsquery)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select replace(replace(
    replace(replace(replace(replace(regexp_replace(
      ts_headline('english', coalesce(body, ''), query, 'StartSel=' || chr(1) || ', StopSel=' || chr(2) || ', MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "'),
      '\s+', ' ', 'g'), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'),
    chr(1), '<mark>'), chr(2), '</mark>')
$$;
comment on function private.marked_snippet(text, tsquery) is 'A record''s matching excerpt as the record search shows it: escaped HTML with <mark> around the matched words.';

/*
  queue_alert_emails() returns jsonb {"queued": emails, "matches": matches listed, "waiting": matches not sent yet (of
  weekly alerts not due, of paused alerts)}: for each confirmed address that did not unsubscribe, one email (email_outbox kind 'alert') listing the
  unsent matches of its alerts that are due, grouped by alert, newest record first. An alert is due when it is not
  paused and its last email went out at least 20 hours ago (daily; the nightly run may start at a slightly different
  time each night) or 6 days 20 hours ago (weekly, counted from its creation before its first email). In the same
  transaction the listed matches get sent_at and their alerts last_sent_at: a match is queued once, and an address with
  nothing due gets nothing. A match whose record was deleted since is marked sent without being listed.

  The payload: {manage_token, unsubscribe_token, language, alerts: [{id, kind, text, district_id, district_name, state, kinds,
  member, minority_only, frequency, feed_token, matches: [{kind, id, district_id, district_name, date, title, snippet,
  href}]}]}; href is the record's place on its district page (#meeting-MM-DD-YY, #topic-id, #vote-id), as the record
  search links it.
*/
create function public.queue_alert_emails()
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  queued integer;
  listed integer;
  waiting integer;
begin
  -- One queuing at a time: two overlapping runs would otherwise both list the same unsent matches.
  perform pg_advisory_xact_lock(hashtext('public.queue_alert_emails'));
  with due_matches as materialized (
  select m.id as match_id, a.id as alert_id, a.subscription_id, m.record_kind, m.record_id, m.district_id, m.matched_at
  from private.alerts a
  join public.subscriptions s on s.id = a.subscription_id
  join private.alert_matches m on m.alert_id = a.id and m.sent_at is null
  where s.confirmed_at is not null and s.unsubscribed_at is null and not a.paused
    and case a.frequency
          when 'weekly' then coalesce(a.last_sent_at, a.created_at) <= now() - interval '6 days 20 hours'
          else a.last_sent_at is null or a.last_sent_at <= now() - interval '20 hours'
        end
  ),
  described as (
    select dm.match_id, dm.alert_id, dm.subscription_id, dm.record_kind, dm.record_id, dm.district_id, d.name as district_name,
      case dm.record_kind when 'meeting' then m.date when 'vote' then v."voteDate" end as record_date,
      dm.matched_at,
      case dm.record_kind
        when 'meeting' then (
          select case when kind_of = '' or lower(kind_of) = 'normal' or left(lower(base), length(kind_of)) = lower(kind_of) then base
                      else upper(left(kind_of, 1)) || substr(kind_of, 2) || ' ' || base end
            from (select coalesce(nullif(btrim(m.title), ''), 'Board Meeting') as base, coalesce(btrim(m.meeting_type), '') as kind_of) as named)
        when 'topic' then t.title
        else coalesce(nullif(btrim(v.issue), ''), 'Vote')
      end as title,
      private.marked_snippet(case dm.record_kind
        when 'meeting' then concat_ws(' ', private.plain_text(m.summary), private.topics_text(m.topics))
        when 'topic' then coalesce(nullif(private.plain_text(t.description), ''), t.title)
        else concat_ws(' · ', v.issue, v.category, v.outcome, private.votes_by_choice(v.votes))
      end, a.query) as snippet,
      case dm.record_kind
        when 'meeting' then '/' || dm.district_id || '?tab=Meetings#meeting-' || to_char(m.date, 'MM-DD-YY')
        when 'topic' then '/' || dm.district_id || '?tab=topics#topic-' || dm.record_id
        else '/' || dm.district_id || '?tab=voting#vote-' || dm.record_id
      end as href
    from due_matches dm
    join private.alerts a on a.id = dm.alert_id
    join public.districts d on d.id = dm.district_id
    left join public.meetings m on dm.record_kind = 'meeting' and m.id = dm.record_id
    left join public.topics t on dm.record_kind = 'topic' and t.id = dm.record_id
    left join public.votings v on dm.record_kind = 'vote' and v.id = dm.record_id
    where m.id is not null or t.id is not null or v.id is not null
  ),
  per_alert as (
    select x.subscription_id, x.alert_id, jsonb_agg(jsonb_build_object(
        'kind', x.record_kind, 'id', x.record_id, 'district_id', x.district_id, 'district_name', x.district_name,
        'date', coalesce(x.record_date, x.matched_at::date), 'title', x.title, 'snippet', x.snippet, 'href', x.href)
        order by coalesce(x.record_date, x.matched_at::date) desc, x.record_kind, x.record_id desc) as matches
    from described x
    group by x.subscription_id, x.alert_id
  ),
  per_address as (
    select p.subscription_id, jsonb_agg(jsonb_build_object(
        'id', a.id, 'kind', a.kind, 'text', a.search_text, 'district_id', a.district_id,
        'district_name', private.district_name(a.district_id), 'state', a.state, 'kinds', to_jsonb(a.kinds),
        'member', a.member, 'minority_only', a.minority_only, 'frequency', a.frequency, 'feed_token', a.feed_token,
        'matches', p.matches) order by a.created_at, a.id) as alerts
    from per_alert p join private.alerts a on a.id = p.alert_id
    group by p.subscription_id
  ),
  inserted as (
    insert into public.email_outbox (kind, subscription_id, recipient, payload)
    select 'alert', s.id, s.email, jsonb_build_object('manage_token', s.manage_token, 'unsubscribe_token', s.unsubscribe_token,
      'language', s.language, 'alerts', pa.alerts)
    from per_address pa join public.subscriptions s on s.id = pa.subscription_id
    returning 1
  ),
  stamped as (
    update private.alerts a set last_sent_at = now() where a.id in (select p.alert_id from per_alert p)
  ),
  marked as (
    update private.alert_matches m set sent_at = now() where m.id in (select dm.match_id from due_matches dm)
  )
  select (select count(*) from inserted), (select count(*) from described) into queued, listed;

  select count(*) into waiting from private.alert_matches m where m.sent_at is null;
  return jsonb_build_object('queued', queued, 'matches', listed, 'waiting', waiting);
end;
$$;
comment on function public.queue_alert_emails() is 'Queues one email per address with its alerts'' unsent matches that are due (daily or weekly), marking them sent in the same transaction; answers {queued, matches, waiting}.';

/*
  stop_alerts(token, alert_ids) returns jsonb: the one-click unsubscribe (RFC 8058) of an alert email, whose
  List-Unsubscribe address carries the address's management token and the ids of the alerts the email came from. Those
  alerts are deleted (with their matches); the address's other alerts stay. {"ok": true, "status": "stopped",
  "deleted": n} (also when they were deleted already); {"ok": false, "status": "unknown" | "malformed"} for a token
  that names no address. At most 50 ids (an address's most alerts).
*/
create function public.stop_alerts(token text, alert_ids bigint[])
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  owner public.subscriptions := private.alerts_owner(token);
  deleted integer;
begin
  if owner.id is null then
    return private.token_refusal(token);
  end if;
  delete from private.alerts a
  where a.subscription_id = owner.id and a.id = any ((coalesce(stop_alerts.alert_ids, '{}'))[1:50]);
  get diagnostics deleted = row_count;
  return jsonb_build_object('ok', true, 'status', 'stopped', 'deleted', deleted);
end;
$$;
comment on function public.stop_alerts(text, bigint[]) is 'The one-click unsubscribe of an alert email: deletes those alerts of a management link''s address; answers {ok, status, deleted}.';

revoke execute on function public.stop_alerts(text, bigint[]) from public, anon, authenticated;
grant execute on function public.stop_alerts(text, bigint[]) to anon, authenticated;
revoke execute on function public.queue_alert_emails() from public, anon, authenticated;
grant execute on function public.queue_alert_emails() to service_role;
revoke all on function private.marked_snippet(text, tsquery) from public;

notify pgrst, 'reload schema';
