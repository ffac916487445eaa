-- Every anonymous path bounded, in the database so it holds on hosted Supabase as well as locally:
--   * a statement timeout for the API's roles (PostgREST applies a role's settings when it switches to it);
--   * limits per client address on anonymous writes (topic votes, agenda votes, subscriptions), which the operator
--     can change in private.rate_limits;
--   * an agenda vote's idempotency key sent again with different answers is a conflict, never a silent ok;
--   * comments: only whitespace is no comment; control and direction-override characters are refused.
--
-- What changes for a hosted database: the roles anon and authenticated get a statement_timeout (Supabase's own
-- defaults, 3 s and 8 s, set again here so a project that changed them is bounded too); vote_topic and
-- submit_agenda_vote keep their arguments and answers, and may now answer "too many" (see below).

alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
-- PostgREST reads role settings when it loads its schema cache.
notify pgrst, 'reload config';
notify pgrst, 'reload schema';

-- Where a request came from, as the API gateway says: the first address of x-forwarded-for (Supabase's gateway sets
-- it; the local gateway sets it from the connection and drops what the client sent). Null outside the API (an
-- operator's own connection), which no limit applies to.
create function private.client_address()
returns text
language sql
stable
set search_path = ''
as $$
  select nullif(btrim(split_part(coalesce(current_setting('request.headers', true), '{}')::json ->> 'x-forwarded-for', ',', 1)), '')
$$;

create table private.rate_limits (
  action text primary key,
  max_count integer not null check (max_count > 0),
  per interval not null check (per > interval '0'),
  message text not null
);
comment on table private.rate_limits is 'Limits on anonymous writes per client address (and per subject, such as a topic); operators change max_count and per.';
insert into private.rate_limits (action, max_count, per, message) values
  ('topic_vote', 20, interval '10 minutes', 'Too many votes on this topic from your connection. Please try again in a few minutes.'),
  ('agenda_vote', 20, interval '1 hour', 'Too many forms sent from your connection in the last hour. Your answers are still here: please try again later.'),
  ('subscribe', 20, interval '1 hour', 'Too many subscriptions from your connection in the last hour. Please try again later.');

create table private.rate_events (
  action text not null,
  client text not null,
  subject text not null default '',
  at timestamptz not null default now()
);
create index rate_events_key_idx on private.rate_events (action, client, subject, at);
comment on table private.rate_events is 'One row per anonymous write counted against a limit; rows older than the longest window are deleted as new ones come.';

/*
  private.rate_limited(action, subject) returns the limit's message when this client has reached it (nothing is
  counted then), or null after counting this write. Writes from outside the API (no client address) are not limited.
  One call at the top of a write function, after its input was found valid:
    if private.rate_limited('subscribe') is not null then ... refuse ... end if;
*/
create function private.rate_limited(action text, subject text default '')
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  caller text := private.client_address();
  rule private.rate_limits;
  used integer;
begin
  if caller is null then
    return null;
  end if;
  select r.* into rule from private.rate_limits r where r.action = rate_limited.action;
  if not found then
    return null;
  end if;
  -- Concurrent writes of one client and subject are counted one after another.
  perform pg_advisory_xact_lock(hashtext('rate:' || rate_limited.action || ':' || caller || ':' || rate_limited.subject));
  select count(*) into used from private.rate_events e
  where e.action = rate_limited.action and e.client = caller and e.subject = rate_limited.subject and e.at > now() - rule.per;
  if used >= rule.max_count then
    return rule.message;
  end if;
  insert into private.rate_events (action, client, subject) values (rate_limited.action, caller, rate_limited.subject);
  delete from private.rate_events e
  where e.action = rate_limited.action and e.client = caller and e.subject = rate_limited.subject and e.at <= now() - rule.per;
  return null;
end;
$$;
comment on function private.rate_limited(text, text) is 'The limit''s message when the client reached it, else null after counting the write.';
revoke all on function private.rate_limited(text, text), private.client_address() from public;

-- vote_topic with its limit: past it, HTTP 429 (PostgREST answers the PT429 code so) with the message, and no change.
create or replace function public.vote_topic(topic_id bigint, from_vote text, to_vote text)
returns table (upvotes integer, downvotes integer)
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  refusal text;
begin
  -- The vote's transition table: none/up/down to up/down; choosing the current direction again does nothing.
  if from_vote is null or to_vote is null
     or from_vote not in ('none', 'up', 'down') or to_vote not in ('up', 'down') or from_vote = to_vote then
    raise exception 'not a vote transition: % to %', coalesce(from_vote, 'null'), coalesce(to_vote, 'null') using errcode = '22023';
  end if;
  refusal := private.rate_limited('topic_vote', topic_id::text);
  if refusal is not null then
    raise exception '%', refusal using errcode = 'PT429';
  end if;
  return query
    update public.topics t
    set upvotes = greatest(0, t.upvotes + case when to_vote = 'up' then 1 when from_vote = 'up' then -1 else 0 end),
        downvotes = greatest(0, t.downvotes + case when to_vote = 'down' then 1 when from_vote = 'down' then -1 else 0 end)
    where t.id = topic_id
    returning t.upvotes, t.downvotes;
  if not found then
    -- PT404: PostgREST answers this with HTTP 404 (P0002 would be a 500).
    raise exception 'no topic with id %', topic_id using errcode = 'PT404';
  end if;
end;
$$;

-- The validating store of 20250601000300 keeps its rules; the public function around it adds what is new.
alter function public.submit_agenda_vote(jsonb) set schema private;
alter function private.submit_agenda_vote(jsonb) rename to store_agenda_vote;
revoke all on function private.store_agenda_vote(jsonb) from public, anon, authenticated;

-- Comments: trimmed of every kind of whitespace (a comment of only newlines is no comment).
create function private.trimmed_comment(comment jsonb)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case
    when comment is null or jsonb_typeof(comment) <> 'string' then comment
    when regexp_replace(comment #>> '{}', '^\s+|\s+$', '', 'g') = '' then 'null'::jsonb
    else to_jsonb(regexp_replace(comment #>> '{}', '^\s+|\s+$', '', 'g'))
  end
$$;

/*
  submit_agenda_vote(jsonb) returns jsonb: as documented in 20250601000300_resident_voices.sql, plus:
    * the same idempotency_key with different answers: {"ok": false, "errors": {}, "form_errors": ["These answers
      differ from the ones already sent with this form. ..."], "conflict": true}; nothing changes;
    * comments with control or direction-override characters: a comments error; only whitespace: no comment;
    * past the limit of stored votes per client: {"ok": false, "errors": {}, "form_errors": ["Too many ..."],
      "limited": true}; nothing is stored.
*/
create function public.submit_agenda_vote(jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  submission jsonb := $1;
  key_text text;
  stored public.agenda_votes;
  answer jsonb;
  refusal text;
begin
  if jsonb_typeof(submission) = 'object' and submission ? 'comments' then
    submission := jsonb_set(submission, '{comments}', private.trimmed_comment(submission -> 'comments'));
    -- C0 and C1 controls other than tab and newline, and the bidirectional marks, overrides and isolates that can
    -- make a comment read differently from what it is.
    if jsonb_typeof(submission -> 'comments') = 'string'
       and (submission ->> 'comments') ~ '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]' then
      return jsonb_build_object('ok', false, 'errors', jsonb_build_object('comments',
        jsonb_build_array('must not contain control characters or text-direction marks')), 'form_errors', '[]'::jsonb);
    end if;
  end if;

  key_text := case when jsonb_typeof(submission) = 'object' then submission ->> 'idempotency_key' end;
  if key_text ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    -- One key at a time: a resend racing the first send waits and then sees what the first one stored.
    perform pg_advisory_xact_lock(hashtext('agenda_vote:' || lower(key_text)));
    select v.* into stored from public.agenda_votes v where v.idempotency_key = key_text::uuid;
    if found then
      if stored.budget is distinct from submission ->> 'budget' or stored.lcap is distinct from submission ->> 'lcap'
         or stored.esri_update is distinct from submission ->> 'esri_update'
         or stored.summer_projects is distinct from submission ->> 'summer_projects'
         or stored.hoover_playground is distinct from submission ->> 'hoover_playground'
         or stored.email is distinct from nullif(btrim(submission ->> 'email'), '')
         or stored.comments is distinct from submission ->> 'comments' then
        return jsonb_build_object('ok', false, 'errors', '{}'::jsonb, 'conflict', true, 'form_errors', jsonb_build_array(
          'These answers differ from the ones already sent with this form, which were kept. Send the form again to store the new answers.'));
      end if;
      return jsonb_build_object('ok', true, 'errors', '{}'::jsonb, 'form_errors', '[]'::jsonb);
    end if;
  end if;

  begin
    answer := private.store_agenda_vote(submission);
    -- Only a stored vote counts against the limit; past it, the store is undone.
    if (answer ->> 'ok')::boolean then
      refusal := private.rate_limited('agenda_vote');
      if refusal is not null then
        raise exception '%', refusal using errcode = 'SB429';
      end if;
    end if;
  exception when sqlstate 'SB429' then
    return jsonb_build_object('ok', false, 'errors', '{}'::jsonb, 'limited', true, 'form_errors', jsonb_build_array(sqlerrm));
  end;
  return answer;
end;
$$;
comment on function public.submit_agenda_vote(jsonb) is 'Validates and stores one agenda vote submission (limited per client; a known key with other answers is a conflict); answers {ok, errors, form_errors}.';
revoke execute on function public.submit_agenda_vote(jsonb) from public, anon, authenticated;
grant execute on function public.submit_agenda_vote(jsonb) to anon, authenticated;
revoke all on function private.trimmed_comment(jsonb) from public;

-- The platform's default privileges give anon and authenticated every privilege on new sequences; they write only
-- through the functions above, which run as their owner, so they need none.
revoke all on all sequences in schema public from anon, authenticated;
alter default privileges in schema public revoke all on sequences from anon, authenticated;

-- Nested embeds. A request can ask PostgREST to embed related tables in each other
-- (votings?select=*,districts(*,votings(*,districts(...)))), and each level multiplies the rows: six levels on the
-- demo data ran for over a minute, returned 265 MB, and twenty of them held every connection of the API. The
-- timeout above ends each after 3 s; this refuses them at once, before they cost anything. Each embedded table is
-- one 'LEFT JOIN LATERAL' (or 'INNER JOIN LATERAL') in the one statement PostgREST sends; its function calls use
-- ', LATERAL' without JOIN, and values are sent apart, as parameters, so a visitor's text never counts. The site
-- embeds nothing; two are left for other readers of the open API.
create function private.embeds_within_limit()
returns boolean
language plpgsql
stable
set search_path = ''
as $$
declare
  query text := upper(coalesce(current_query(), ''));
  levels integer := (length(query) - length(replace(query, 'JOIN LATERAL', ''))) / length('JOIN LATERAL');
begin
  if levels > 2 then
    raise exception 'This request embeds % related tables; at most 2 are allowed.', levels using errcode = 'PT400';
  end if;
  return true;
end;
$$;
comment on function private.embeds_within_limit() is 'Refuses a statement with more than two levels of embedded tables (LATERAL joins); used by the read policies of the public tables.';
grant usage on schema private to anon, authenticated;
revoke all on function private.embeds_within_limit() from public;
grant execute on function private.embeds_within_limit() to anon, authenticated;

-- Restrictive: these hold in addition to the policies that let anyone read. (select ...) runs the check once per
-- statement, not once per row.
create policy "Embeds at most two levels deep" on public.districts as restrictive for select to anon, authenticated using ((select private.embeds_within_limit()));
create policy "Embeds at most two levels deep" on public.meetings as restrictive for select to anon, authenticated using ((select private.embeds_within_limit()));
create policy "Embeds at most two levels deep" on public.topics as restrictive for select to anon, authenticated using ((select private.embeds_within_limit()));
create policy "Embeds at most two levels deep" on public.votings as restrictive for select to anon, authenticated using ((select private.embeds_within_limit()));
