// Every member vote of a district as CSV, one row per member vote (open data, linked from the Voting tab).
import type { APIRoute } from 'astro';
import { votesCsv } from '../../district/follow/openData';
import { readBuiltPage } from '../../district/build/keptPages';
import { districtPaths } from '../../district/build/routes';

export const getStaticPaths = districtPaths;

export const GET: APIRoute = async ({ params }) => {
  const page = readBuiltPage(params.id!);
  return new Response(votesCsv(page.votings), { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
};
