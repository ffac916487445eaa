// Record text (a name, a title, a vote as written) inside a translated page: marked lang="en", so a screen reader
// reads it in English and a browser hyphenates it as English. On an English page it is the text alone.
import type { ReactNode } from 'react';

export default function RecordText({ lang, children }: { lang: 'en' | undefined; children: ReactNode }) {
  return lang ? <span lang={lang}>{children}</span> : <>{children}</>;
}

/**
 * A message with record text in it ('Outcome: {outcome}'), the record's part marked as English: the message is
 * filled with a marker and cut around it, so the language's own order of words is kept.
 */
export function withRecord(message: (value: string) => string, lang: 'en' | undefined, record: string): ReactNode {
  const marker = '\u0000';
  const [before, after = ''] = message(marker).split(marker);
  return (
    <>
      {before}
      <RecordText lang={lang}>{record}</RecordText>
      {after}
    </>
  );
}
