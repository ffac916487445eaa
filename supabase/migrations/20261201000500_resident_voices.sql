-- Resident voices: the residents' positions on the 17 June 2025 agenda (the /votingPAUSD form) and their published
-- totals. The public reaches them only through functions that validate every field; nobody outside the database can
-- read, change or delete what residents sent. An agenda vote's idempotency key sent again with different answers is a
-- conflict, never a silent ok; a comment of only whitespace is no comment, and control and direction-override
-- characters are refused.
--
-- The totals count only answers that were published together in a batch, and a batch is published only once its
-- answers come from at least six senders. A total that changed with every answer would tell whoever reads it before
-- and after an answer what that answer was, and a reader who sent answers of their own knows those: four answers from
-- one client, then one resident's, and the totals would give that resident's every choice. Whoever reads the totals,
-- and whatever they sent, a batch holds the answers of at least five people they cannot tell apart. The sender is the
-- client address the limits use; it is kept only while an answer waits for its batch.

create table private.agenda_vote_batches (
  id bigint generated always as identity primary key,
  published_at timestamptz not null default now(),
  answers integer not null,
  senders integer not null
);
comment on table private.agenda_vote_batches is 'Batches of agenda vote answers counted in the public totals, each from at least six senders.';

create table public.agenda_votes (
  id bigint generated always as identity primary key,
  -- Made by the browser once per form fill: a double click, a retry or a resend stores one row.
  idempotency_key uuid not null unique,
  meeting_date date not null check (meeting_date = date '2025-06-17'),
  budget text not null check (budget in ('support', 'oppose', 'neutral')),
  lcap text not null check (lcap in ('support', 'oppose', 'neutral')),
  esri_update text not null check (esri_update in ('support', 'oppose', 'neutral')),
  summer_projects text not null check (summer_projects in ('support', 'oppose', 'neutral')),
  hoover_playground text not null check (hoover_playground in ('support', 'oppose', 'neutral')),
  email text check (length(email) <= 254),
  comments text check (length(comments) <= 2000),
  created_at timestamptz not null default now(),
  batch_id bigint references private.agenda_vote_batches (id)
);
comment on table public.agenda_votes is 'Residents'' positions on the 17 June 2025 board agenda items, one row per form submission (written only by submit_agenda_vote).';
comment on column public.agenda_votes.batch_id is 'The batch that put this answer into the public totals; null while it waits for answers of enough other senders.';
create index agenda_votes_waiting_idx on public.agenda_votes (id) where batch_id is null;

-- Row level security with no policy at all: anon and authenticated see and change nothing. Only the security definer
-- functions below (owned by the migration's role) and the operators' own connection write or read.
alter table public.agenda_votes enable row level security;
-- Supabase grants every privilege on new tables to anon and authenticated by default: take them all back.
revoke all on public.agenda_votes from public, anon, authenticated;

create table private.agenda_vote_senders (
  vote_id bigint primary key references public.agenda_votes (id) on delete cascade,
  -- The client address of the request (null outside the API: an operator's own connection, each row its own sender).
  client text
);
comment on table private.agenda_vote_senders is 'Who sent each agenda vote answer that waits for its batch; deleted once the answer is published.';
revoke all on private.agenda_vote_batches, private.agenda_vote_senders from public, anon, authenticated;

-- What is wrong with an email address, as a JSON array of field problems ({"code": "field.max_length", "max": 254}),
-- which the site words to read after the word 'Email' ('Email must be ...'). An empty array means the address is
-- fine. The rule is the browser's own type=email rule, plus a dot in the domain (mail cannot reach
-- 'name@localhost') and the lengths mail servers accept.
create function private.email_problems(address text)
returns jsonb
language sql
immutable
set search_path = ''
as $$
  select case
    when address is null or btrim(address) = '' then jsonb_build_array(jsonb_build_object('code', 'field.required'))
    when length(address) > 254 then jsonb_build_array(jsonb_build_object('code', 'field.max_length', 'max', 254))
    when split_part(address, '@', 1) <> '' and length(split_part(address, '@', 1)) > 64
      then jsonb_build_array(jsonb_build_object('code', 'field.local_part', 'max', 64))
    when address !~ '^[A-Za-z0-9.!#$%&''*+/=?^_`{|}~-]+@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'
      then jsonb_build_array(jsonb_build_object('code', 'field.email_invalid'))
    else '[]'::jsonb
  end
$$;
comment on function private.email_problems(text) is 'The problems of an email address as field codes (an empty array when it is fine), worded by the site to follow the word Email.';
revoke all on function private.email_problems(text) from public;

-- The validating store behind submit_agenda_vote: every field's rules, and the one insert.
create function private.store_agenda_vote(jsonb)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  submission alias for $1;
  items constant text[] := array['budget', 'lcap', 'esri_update', 'summer_projects', 'hoover_playground'];
  known constant text[] := items || array['idempotency_key', 'meeting_date', 'email', 'comments'];
  errors jsonb := '{}'::jsonb;
  form_errors jsonb := '[]'::jsonb;
  item text;
  field_value jsonb;
  extra_fields text[];
  submission_key uuid;
  email_address text;
  comment_text text;
begin
  if submission is null or jsonb_typeof(submission) <> 'object' then
    return jsonb_build_object('ok', false, 'errors', errors, 'form_errors', jsonb_build_array(jsonb_build_object('code', 'form.not_object')));
  end if;

  select array_agg(k order by k) into extra_fields from jsonb_object_keys(submission) as k where k <> all (known);
  if extra_fields is not null then
    form_errors := form_errors || jsonb_build_object('code', 'form.unknown_fields', 'fields', array_to_string(extra_fields, ', '));
  end if;

  field_value := submission -> 'idempotency_key';
  if field_value is null or jsonb_typeof(field_value) <> 'string'
     or (field_value #>> '{}') !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then
    form_errors := form_errors || jsonb_build_object('code', 'form.idempotency_key');
  else
    submission_key := (field_value #>> '{}')::uuid;
  end if;

  field_value := submission -> 'meeting_date';
  if field_value is null or jsonb_typeof(field_value) = 'null' then
    errors := errors || jsonb_build_object('meeting_date', jsonb_build_array(jsonb_build_object('code', 'field.required')));
  elsif jsonb_typeof(field_value) <> 'string' or (field_value #>> '{}') <> '2025-06-17' then
    errors := errors || jsonb_build_object('meeting_date', jsonb_build_array(jsonb_build_object('code', 'field.meeting_date', 'date', '2025-06-17')));
  end if;

  foreach item in array items loop
    field_value := submission -> item;
    if field_value is null or jsonb_typeof(field_value) = 'null' or (jsonb_typeof(field_value) = 'string' and (field_value #>> '{}') = '') then
      errors := errors || jsonb_build_object(item, jsonb_build_array(jsonb_build_object('code', 'field.choice')));
    elsif jsonb_typeof(field_value) <> 'string' or (field_value #>> '{}') not in ('support', 'oppose', 'neutral') then
      errors := errors || jsonb_build_object(item, jsonb_build_array(jsonb_build_object('code', 'field.choice_value')));
    end if;
  end loop;

  -- Optional fields: absent, null or blank mean not given.
  field_value := submission -> 'email';
  if field_value is not null and jsonb_typeof(field_value) <> 'null' then
    if jsonb_typeof(field_value) <> 'string' then
      errors := errors || jsonb_build_object('email', jsonb_build_array(jsonb_build_object('code', 'field.text')));
    else
      email_address := nullif(btrim(field_value #>> '{}'), '');
      if email_address is not null and jsonb_array_length(private.email_problems(email_address)) > 0 then
        errors := errors || jsonb_build_object('email', private.email_problems(email_address));
      end if;
    end if;
  end if;

  field_value := submission -> 'comments';
  if field_value is not null and jsonb_typeof(field_value) <> 'null' then
    if jsonb_typeof(field_value) <> 'string' then
      errors := errors || jsonb_build_object('comments', jsonb_build_array(jsonb_build_object('code', 'field.text')));
    else
      comment_text := nullif(btrim(field_value #>> '{}'), '');
      if length(comment_text) > 2000 then
        errors := errors || jsonb_build_object('comments', jsonb_build_array(jsonb_build_object('code', 'field.max_length', 'max', 2000)));
      -- Plain text only: markup would be a trap for whoever shows the comments later.
      elsif comment_text ~ '<[A-Za-z!/?]' then
        errors := errors || jsonb_build_object('comments', jsonb_build_array(jsonb_build_object('code', 'field.plain_text')));
      end if;
    end if;
  end if;

  if errors <> '{}'::jsonb or jsonb_array_length(form_errors) > 0 then
    return jsonb_build_object('ok', false, 'errors', errors, 'form_errors', form_errors);
  end if;

  insert into public.agenda_votes (idempotency_key, meeting_date, budget, lcap, esri_update, summer_projects, hoover_playground, email, comments)
  values (
    submission_key, date '2025-06-17',
    submission ->> 'budget', submission ->> 'lcap', submission ->> 'esri_update',
    submission ->> 'summer_projects', submission ->> 'hoover_playground',
    email_address, comment_text
  )
  on conflict (idempotency_key) do nothing;

  return jsonb_build_object('ok', true, 'errors', '{}'::jsonb, 'form_errors', '[]'::jsonb);
end;
$$;
comment on function private.store_agenda_vote(jsonb) is 'Validates and stores one agenda vote submission (the rules of every field); answers {ok, errors, form_errors}. Called by submit_agenda_vote.';
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
comment on function private.trimmed_comment(jsonb) is 'A comments field trimmed of every kind of whitespace; null (JSON) when nothing is left.';
revoke all on function private.trimmed_comment(jsonb) from public;

/*
  submit_agenda_vote(jsonb) returns jsonb: the only way an agenda vote gets in.

  Its one parameter is unnamed, so PostgREST passes the whole request body (POST /rest/v1/rpc/submit_agenda_vote)
  as the submission and the function itself names any unknown field, instead of PostgREST ignoring it:
  {
    "idempotency_key": "<uuid made by the browser once per form fill>",
    "meeting_date": "2025-06-17",
    "budget" | "lcap" | "esri_update" | "summer_projects" | "hoover_playground": "support" | "oppose" | "neutral",
    "email": "<optional address>" | null,
    "comments": "<optional plain text, at most 2000 characters>" | null
  }

  Every answer has the same shape (HTTP 200):
    {"ok": true,  "errors": {}, "form_errors": []}
    {"ok": false, "errors": {"<field>": [{"code": "field.<problem>", ...parameters}, ...], ...},
                  "form_errors": [{"code": "form.<reason>", ...parameters}, ...]}
  A field's problems are worded by the site to read after the field's label ('Email' + 'must be a valid address
  such as name@example.org' for {"code": "field.email_invalid"}). form_errors hold what no visible field can fix:
  unknown fields (form.unknown_fields, with their names), a missing or malformed idempotency key
  (form.idempotency_key), a submission that is not a JSON object (form.not_object). Nothing is stored unless ok is
  true. The same idempotency key sent again (a double click, a retry, a resend) answers ok and stores nothing more:
  the first one counts. Besides:
    * the same idempotency_key with different answers: {"ok": false, "errors": {}, "form_errors": [{"code":
      "form.conflict"}], "conflict": true}; nothing changes;
    * comments with control or direction-override characters: {"comments": [{"code": "field.no_control"}]}; only
      whitespace: no comment;
    * past the limit of stored votes per client: {"ok": false, "errors": {}, "form_errors": [{"code":
      "limit.forms"}], "limited": true}; nothing is stored.
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
        jsonb_build_array(jsonb_build_object('code', 'field.no_control'))), 'form_errors', '[]'::jsonb);
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
        return jsonb_build_object('ok', false, 'errors', '{}'::jsonb, 'conflict', true,
          'form_errors', jsonb_build_array(jsonb_build_object('code', 'form.conflict')));
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
    return jsonb_build_object('ok', false, 'errors', '{}'::jsonb, 'limited', true, 'form_errors', jsonb_build_array(jsonb_build_object('code', sqlerrm)));
  end;
  return answer;
end;
$$;
comment on function public.submit_agenda_vote(jsonb) is 'Validates and stores one agenda vote submission (limited per client; a known key with other answers is a conflict); answers {ok, errors, form_errors}.';
revoke execute on function public.submit_agenda_vote(jsonb) from public, anon, authenticated;
grant execute on function public.submit_agenda_vote(jsonb) to anon, authenticated;

/*
  private.publish_agenda_votes() publishes the waiting answers as one batch when they come from at least six senders
  (an answer without a client address is a sender of its own). One at a time: concurrent answers queue on a lock, and
  the last to take it sees the others, so no answer waits once its batch is complete.
*/
create function private.publish_agenda_votes()
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  -- Five people besides any one reader, who knows what they sent themselves.
  least_senders constant integer := 6;
  waiting integer;
  senders integer;
  batch bigint;
begin
  perform pg_advisory_xact_lock(hashtext('private.publish_agenda_votes'));
  select count(*), count(distinct coalesce(s.client, 'operator row ' || v.id)) into waiting, senders
  from public.agenda_votes v
  left join private.agenda_vote_senders s on s.vote_id = v.id
  where v.batch_id is null;
  if senders < least_senders then
    return;
  end if;
  insert into private.agenda_vote_batches (answers, senders) values (waiting, senders) returning id into batch;
  update public.agenda_votes v set batch_id = batch where v.batch_id is null;
  delete from private.agenda_vote_senders s
  using public.agenda_votes v where v.id = s.vote_id and v.batch_id = batch;
end;
$$;
comment on function private.publish_agenda_votes() is 'Publishes the waiting agenda vote answers as one batch once they come from at least six senders.';

create function private.note_agenda_vote_sender()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.agenda_vote_senders (vote_id, client) values (new.id, private.client_address());
  perform private.publish_agenda_votes();
  return null;
end;
$$;
comment on function private.note_agenda_vote_sender() is 'Keeps the sender of a new agenda vote answer until its batch, and publishes the batch once it is complete.';
revoke all on function private.publish_agenda_votes(), private.note_agenda_vote_sender() from public;
create trigger agenda_votes_sender
after insert on public.agenda_votes
for each row execute function private.note_agenda_vote_sender();

/*
  agenda_vote_totals() returns one row per agenda item, in the form's order:
    item text ('budget' | 'lcap' | 'esri_update' | 'summer_projects' | 'hoover_playground'),
    support integer, oppose integer, neutral integer, answers integer (the published answers, the same on every row),
    updated_at timestamptz (when the last batch was published, the same on every row)
  counting only the answers of published batches; no row at all before the first batch. Readable by anon through
  POST /rest/v1/rpc/agenda_vote_totals; anon still cannot read public.agenda_votes itself.
*/
create function public.agenda_vote_totals()
returns table (item text, support integer, oppose integer, neutral integer, answers integer, updated_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  with counted as (
    select count(*)::integer as answers,
      count(*) filter (where v.budget = 'support')::integer as budget_support,
      count(*) filter (where v.budget = 'oppose')::integer as budget_oppose,
      count(*) filter (where v.budget = 'neutral')::integer as budget_neutral,
      count(*) filter (where v.lcap = 'support')::integer as lcap_support,
      count(*) filter (where v.lcap = 'oppose')::integer as lcap_oppose,
      count(*) filter (where v.lcap = 'neutral')::integer as lcap_neutral,
      count(*) filter (where v.esri_update = 'support')::integer as esri_update_support,
      count(*) filter (where v.esri_update = 'oppose')::integer as esri_update_oppose,
      count(*) filter (where v.esri_update = 'neutral')::integer as esri_update_neutral,
      count(*) filter (where v.summer_projects = 'support')::integer as summer_projects_support,
      count(*) filter (where v.summer_projects = 'oppose')::integer as summer_projects_oppose,
      count(*) filter (where v.summer_projects = 'neutral')::integer as summer_projects_neutral,
      count(*) filter (where v.hoover_playground = 'support')::integer as hoover_playground_support,
      count(*) filter (where v.hoover_playground = 'oppose')::integer as hoover_playground_oppose,
      count(*) filter (where v.hoover_playground = 'neutral')::integer as hoover_playground_neutral,
      max(b.published_at) as updated_at
    from public.agenda_votes v
    join private.agenda_vote_batches b on b.id = v.batch_id
    where v.meeting_date = date '2025-06-17'
  )
  select t.item, t.support, t.oppose, t.neutral, c.answers, c.updated_at
  from counted c
  cross join lateral (values
    (1, 'budget', c.budget_support, c.budget_oppose, c.budget_neutral),
    (2, 'lcap', c.lcap_support, c.lcap_oppose, c.lcap_neutral),
    (3, 'esri_update', c.esri_update_support, c.esri_update_oppose, c.esri_update_neutral),
    (4, 'summer_projects', c.summer_projects_support, c.summer_projects_oppose, c.summer_projects_neutral),
    (5, 'hoover_playground', c.hoover_playground_support, c.hoover_playground_oppose, c.hoover_playground_neutral)
  ) as t(position, item, support, oppose, neutral)
  where c.answers > 0
  order by t.position
$$;
comment on function public.agenda_vote_totals() is 'Residents'' support, oppose and neutral totals per 17 June 2025 agenda item; totals only, of answers published in batches from at least six senders, with when the last batch was published.';

revoke execute on function public.agenda_vote_totals() from public, anon, authenticated;
grant execute on function public.agenda_vote_totals() to anon, authenticated;
