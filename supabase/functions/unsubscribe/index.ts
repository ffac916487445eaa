// The hosted one-click unsubscribe: a Supabase Edge Function at {PUBLIC_SUPABASE_URL}/functions/v1/unsubscribe.
// Deploy with `supabase functions deploy unsubscribe --no-verify-jwt` (mail providers send no key) and set SITE_URL
// with `supabase secrets set SITE_URL=https://your-site`. SUPABASE_URL and SUPABASE_ANON_KEY are set by Supabase.
import { oneClickUnsubscribe } from '../_shared/oneClickUnsubscribe.ts';

declare const Deno: {
  env: { get(name: string): string | undefined };
  serve(handler: (request: Request) => Promise<Response>): void;
};

Deno.serve((request) =>
  oneClickUnsubscribe(request, {
    apiUrl: Deno.env.get('SUPABASE_URL') ?? '',
    anonKey: Deno.env.get('SUPABASE_ANON_KEY') ?? '',
    siteUrl: Deno.env.get('SITE_URL') ?? '',
  }),
);
