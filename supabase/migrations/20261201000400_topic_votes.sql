-- Topic votes: the only way the public changes a topic's counts, as one atomic delta per click, limited per client
-- and topic: past the limit, HTTP 429 (PostgREST answers the PT429 code so) with the limit's code, and no change.

create function public.vote_topic(topic_id bigint, from_vote text, to_vote text)
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
    raise exception 'topic.not_a_transition' using detail = jsonb_build_object('from', from_vote, 'to', to_vote)::text, errcode = '22023';
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
    raise exception 'topic.unknown' using detail = jsonb_build_object('id', topic_id)::text, errcode = 'PT404';
  end if;
end;
$$;
comment on function public.vote_topic(bigint, text, text) is 'Applies one topic vote transition atomically and returns the new counts.';

revoke execute on function public.vote_topic(bigint, text, text) from public, anon, authenticated;
grant execute on function public.vote_topic(bigint, text, text) to anon, authenticated;
