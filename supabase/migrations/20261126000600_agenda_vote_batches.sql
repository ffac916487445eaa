-- The residents' totals of /votingPAUSD, published in batches. A total that changes with every answer tells whoever
-- reads it before and after an answer what that answer was, and a reader who sent answers of their own knows those:
-- four answers from one client, then one resident's, and the first totals gave that resident's every choice. Now the
-- totals count only answers that were published together in a batch, and a batch is published only once its answers
-- come from at least six senders: whoever reads the totals, and whatever they sent, a batch holds the answers of at
-- least five people they cannot tell apart. The sender is the client address the limits use; it is kept only while
-- an answer waits for its batch.
--
-- What changes for a hosted database that ran the earlier migrations:
--   * agenda_votes gains batch_id (null while the answer waits); the answers stored before this migration count as
--     one sender each and are published together, as one batch, if there are six or more.
--   * agenda_vote_totals() answers one more column, updated_at (when the last batch was published), and counts only
--     published answers; still no row at all before the first batch.

create table private.agenda_vote_batches (
  id bigint generated always as identity primary key,
  published_at timestamptz not null default now(),
  answers integer not null,
  senders integer not null
);
comment on table private.agenda_vote_batches is 'Batches of agenda vote answers counted in the public totals, each from at least six senders.';

alter table public.agenda_votes add column batch_id bigint references private.agenda_vote_batches (id);
comment on column public.agenda_votes.batch_id is 'The batch that put this answer into the public totals; null while it waits for answers of enough other senders.';
create index agenda_votes_waiting_idx on public.agenda_votes (id) where batch_id is null;

create table private.agenda_vote_senders (
  vote_id bigint primary key references public.agenda_votes (id) on delete cascade,
  -- The client address of the request (null outside the API: an operator's own connection, each row its own sender).
  client text
);
comment on table private.agenda_vote_senders is 'Who sent each agenda vote answer that waits for its batch; deleted once the answer is published.';

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
create trigger agenda_votes_sender
after insert on public.agenda_votes
for each row execute function private.note_agenda_vote_sender();

revoke all on function private.publish_agenda_votes(), private.note_agenda_vote_sender() from public;
revoke all on private.agenda_vote_batches, private.agenda_vote_senders from public, anon, authenticated;

/*
  agenda_vote_totals() returns one row per agenda item, in the form's order:
    item text ('budget' | 'lcap' | 'esri_update' | 'summer_projects' | 'hoover_playground'),
    support integer, oppose integer, neutral integer, answers integer (the published answers, the same on every row),
    updated_at timestamptz (when the last batch was published, the same on every row)
  counting only the answers of published batches; no row at all before the first batch. Readable by anon through
  POST /rest/v1/rpc/agenda_vote_totals; anon still cannot read public.agenda_votes itself.
*/
drop function public.agenda_vote_totals();
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

-- The answers stored so far: one sender each (their addresses were never kept), published now if there are enough.
select private.publish_agenda_votes();

notify pgrst, 'reload schema';
