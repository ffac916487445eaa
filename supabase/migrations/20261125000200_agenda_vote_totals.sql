-- The residents' totals on /votingPAUSD: how many residents chose support, oppose and neutral on each agenda item
-- of the 17 June 2025 meeting. The public sees counts only, never a submission (no email, comment, time or key),
-- and nothing at all until at least five residents have answered, so no answer can be traced back to one person.

/*
  agenda_vote_totals() returns one row per agenda item, in the form's order:
    item text ('budget' | 'lcap' | 'esri_update' | 'summer_projects' | 'hoover_playground'),
    support integer, oppose integer, neutral integer, answers integer (the submissions counted, the same on every row)
  or no row at all while fewer than five submissions are stored. Readable by anon through
  POST /rest/v1/rpc/agenda_vote_totals; anon still cannot read public.agenda_votes itself.
*/
create function public.agenda_vote_totals()
returns table (item text, support integer, oppose integer, neutral integer, answers integer)
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
      count(*) filter (where v.hoover_playground = 'neutral')::integer as hoover_playground_neutral
    from public.agenda_votes v
    where v.meeting_date = date '2025-06-17'
  )
  select t.item, t.support, t.oppose, t.neutral, c.answers
  from counted c
  cross join lateral (values
    (1, 'budget', c.budget_support, c.budget_oppose, c.budget_neutral),
    (2, 'lcap', c.lcap_support, c.lcap_oppose, c.lcap_neutral),
    (3, 'esri_update', c.esri_update_support, c.esri_update_oppose, c.esri_update_neutral),
    (4, 'summer_projects', c.summer_projects_support, c.summer_projects_oppose, c.summer_projects_neutral),
    (5, 'hoover_playground', c.hoover_playground_support, c.hoover_playground_oppose, c.hoover_playground_neutral)
  ) as t(position, item, support, oppose, neutral)
  -- Below five answers a total could tell a resident's neighbours how that one resident voted.
  where c.answers >= 5
  order by t.position
$$;
comment on function public.agenda_vote_totals() is 'Residents'' support, oppose and neutral totals per 17 June 2025 agenda item; totals only, and nothing until five residents have answered.';

revoke execute on function public.agenda_vote_totals() from public, anon, authenticated;
grant execute on function public.agenda_vote_totals() to anon, authenticated;

notify pgrst, 'reload schema';
