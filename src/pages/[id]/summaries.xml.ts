// A district's meeting summaries as RSS 2.0, newest first (advertised in its page's head).
import type { APIRoute } from 'astro';
import { summariesFeed } from '../../district/follow/feeds';
import { readBuiltPage } from '../../district/build/keptPages';
import { districtPaths } from '../../district/build/routes';

export const getStaticPaths = districtPaths;

export const GET: APIRoute = ({ params, site }) => {
  const page = readBuiltPage(params.id!);
  return new Response(summariesFeed(page.district, page.meetings, site!), {
    headers: { 'Content-Type': 'application/rss+xml; charset=utf-8' },
  });
};
