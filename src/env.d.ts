/// <reference types="astro/client" />

interface ImportMetaEnv {
  readonly PUBLIC_SUPABASE_URL: string;
  readonly PUBLIC_SUPABASE_ANON_KEY: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

// The project's own client directive (src/directives/demand.ts, registered in astro.config.mjs).
declare namespace astroHTML.JSX {
  interface IntrinsicAttributes {
    'client:demand'?: string;
  }
}
