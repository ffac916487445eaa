/// <reference types="astro/client" />

interface ImportMetaEnv {
  readonly PUBLIC_SUPABASE_URL: string;
  readonly PUBLIC_SUPABASE_ANON_KEY: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

// A module imported with ?inline-script: the text of one classic script that runs its default export
// (src/lib/node/inlineScript.ts).
declare module '*?inline-script' {
  const code: string;
  export default code;
}

// An island's catalogue messages in every built language (src/i18n/islandMessages.ts).
declare module 'virtual:island-messages/*' {
  const catalogues: Partial<Record<import('./i18n/locales').Locale, import('./i18n/translate').Catalogue>>;
  export default catalogues;
}

// The project's own client directive (src/directives/demand.ts, registered in astro.config.mjs).
declare namespace astroHTML.JSX {
  interface IntrinsicAttributes {
    'client:demand'?: string;
  }
}
