-- Every alert as a feed: its newest matches, read by its feed token (random, naming no address and no alert), for
-- the Atom feed the API side serves (supabase/functions/_shared/alert-feed.ts, behind the local gateway and as the
-- Edge Function alert-feed).
--
-- What changes for a hosted database that ran the earlier migrations:
--   * New index alert_matches_alert_newest_idx: an alert's newest matches are read without reading all of them.
--   * New: alert_feed(token) for anon.

create index alert_matches_alert_newest_idx on private.alert_matches (alert_id, id desc);

/*
  alert_feed(token) returns jsonb: what an alert's feed lists, by its feed token.
    {"ok": true, "alert": {kind, text, district_id, district_name, state, kinds, minority_only, frequency},
     "entries": [{kind, id, district_id, district_name, date, title, snippet, href, matched_at}, ...]}   its newest 50
     matches, newest first; snippet is plain text (the matching words in their sentence, as the record search quotes them)
    {"ok": false, "status": "malformed" | "unknown"}   a token that is not 64 lowercase hex characters, or names no alert
  The work is bounded: one alert found by its unique token, at most 50 of its matches read through their index, each
  record read by its key.
*/
create function public.alert_feed(token text)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  alert private.alerts;
begin
  if token is null or token !~ '^[0-9a-f]{64}$' then
    return jsonb_build_object('ok', false, 'status', 'malformed');
  end if;
  select a.* into alert from private.alerts a where a.feed_token = alert_feed.token;
  if not found then
    return jsonb_build_object('ok', false, 'status', 'unknown');
  end if;
  return jsonb_build_object('ok', true,
    'alert', jsonb_build_object('kind', alert.kind, 'text', alert.search_text, 'district_id', alert.district_id,
      'district_name', private.district_name(alert.district_id), 'state', alert.state, 'kinds', to_jsonb(alert.kinds),
      'minority_only', alert.minority_only, 'frequency', alert.frequency),
    'entries', coalesce((
      select jsonb_agg(jsonb_build_object('kind', x.record_kind, 'id', x.record_id, 'district_id', x.district_id,
          'district_name', d.name, 'date', x.record_date, 'title', x.title, 'snippet', x.snippet, 'href', x.href,
          'matched_at', x.matched_at) order by x.id desc)
      from (
        select m.id, m.record_kind, m.record_id, m.district_id, m.matched_at,
          coalesce(case m.record_kind when 'meeting' then mt.date when 'vote' then v."voteDate" end, m.matched_at::date) as record_date,
          case m.record_kind
            when 'meeting' then coalesce(nullif(btrim(mt.title), ''), 'Board Meeting')
            when 'topic' then t.title
            else coalesce(nullif(btrim(v.issue), ''), 'Vote')
          end as title,
          btrim(regexp_replace(ts_headline('english', case m.record_kind
              when 'meeting' then concat_ws(' ', private.plain_text(mt.summary), private.topics_text(mt.topics))
              when 'topic' then coalesce(nullif(private.plain_text(t.description), ''), t.title)
              else concat_ws(' · ', v.issue, v.category, v.outcome, private.votes_by_choice(v.votes))
            end, alert.query, 'StartSel=' || chr(1) || ', StopSel=' || chr(1) || ', MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "'),
            '[\x01\s]+', ' ', 'g')) as snippet,
          case m.record_kind
            when 'meeting' then '/' || m.district_id || '?tab=Meetings#meeting-' || to_char(mt.date, 'MM-DD-YY')
            when 'topic' then '/' || m.district_id || '?tab=topics#topic-' || m.record_id
            else '/' || m.district_id || '?tab=voting#vote-' || m.record_id
          end as href
        from (select * from private.alert_matches am where am.alert_id = alert.id order by am.id desc limit 50) m
        left join public.meetings mt on m.record_kind = 'meeting' and mt.id = m.record_id
        left join public.topics t on m.record_kind = 'topic' and t.id = m.record_id
        left join public.votings v on m.record_kind = 'vote' and v.id = m.record_id
        where mt.id is not null or t.id is not null or v.id is not null
      ) x
      join public.districts d on d.id = x.district_id), '[]'::jsonb));
end;
$$;
comment on function public.alert_feed(text) is 'An alert''s feed by its feed token: the alert and its newest 50 matches; answers {ok, alert, entries} or {ok: false, status}.';

revoke execute on function public.alert_feed(text) from public, anon, authenticated;
grant execute on function public.alert_feed(text) to anon, authenticated;

notify pgrst, 'reload schema';
