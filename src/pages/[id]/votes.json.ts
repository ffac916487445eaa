// Every vote record of a district as Open Civic Data VoteEvents, naming the official records of the meeting it was
// taken at (open data, linked from the Voting tab; `npm run import` loads the file back as it was).
import type { APIRoute } from 'astro';
import { voteEvents } from '../../district/follow/openData';
import { readBuiltPage } from '../../district/build/keptPages';
import { districtPaths } from '../../district/build/routes';

export const getStaticPaths = districtPaths;

export const GET: APIRoute = async ({ params, site }) => {
  const page = readBuiltPage(params.id!);
  return new Response(JSON.stringify(voteEvents(page.district, page.votings, site!, page.meetings), null, 2), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
};
