// The hosted feeds, an alert's and a search's: a Supabase Edge Function at
// {PUBLIC_SUPABASE_URL}/functions/v1/alert-feed?token=… (or ?q=…, _shared/feedAddress.ts). Deploy with
// `supabase functions deploy alert-feed --no-verify-jwt` (feed readers send no key) and set SITE_URL with
// `supabase secrets set SITE_URL=https://your-site`. SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY
// (which counts each reader's requests in the database) are set by Supabase. deno.json beside this file maps the
// `feed` library to the npm version package.json names. Answers are kept per feed for a minute in each running
// instance, and say so to caches (Cache-Control).
import { createFeedServer, feedClientKey } from '../_shared/alertFeed.ts';

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Promise<Response>): void;
};

const serveFeed = createFeedServer({
  apiUrl: Deno.env.get('SUPABASE_URL') ?? '',
  anonKey: Deno.env.get('SUPABASE_ANON_KEY') ?? '',
  serviceKey: Deno.env.get('SUPABASE_SERVICE_ROLE_KEY') ?? '',
  siteUrl: Deno.env.get('SITE_URL') ?? '',
});

// The client's address as Supabase's platform gives it, keyed as the database keys clients (feedClientKey).
Deno.serve((request) => serveFeed(request, feedClientKey(request.headers)));
