// The district islands' messages for a page in one language, read from that language's catalogue at build: each
// island gets only the messages it shows (../islandKeys.ts), as its `messages` prop, with `locale`.
//   <TopicVoting … locale={locale} messages={islandMessages(locale).topicVoting} />
import { catalogue, namespaceOf } from '../../i18n/catalogues';
import { pickMessages, type Catalogue } from '../../i18n/translate';
import type { Locale } from '../../i18n/locales';
import { LIVE_DISTRICT_NAMESPACES, TOPIC_VOTING_KEYS, VIDEO_POPUP_KEYS, VOTING_TABLES_KEYS } from '../islandKeys';

export interface IslandMessages {
  topicVoting: Catalogue;
  votingTables: Catalogue;
  videoPopup: Catalogue;
  /** The live page of a district added after the build (the 404 page's LiveDistrict). */
  liveDistrict: Catalogue;
}

const made = new Map<Locale, IslandMessages>();

/** Each district island's messages in a language, picked once per build. */
export function islandMessages(locale: Locale): IslandMessages {
  let found = made.get(locale);
  if (!found) {
    const all = catalogue(locale);
    const namespaces = new Set<string>(LIVE_DISTRICT_NAMESPACES);
    found = {
      topicVoting: pickMessages(all, TOPIC_VOTING_KEYS),
      votingTables: pickMessages(all, VOTING_TABLES_KEYS),
      videoPopup: pickMessages(all, VIDEO_POPUP_KEYS),
      liveDistrict: pickMessages(
        all,
        Object.keys(all)
          .filter((key) => namespaces.has(namespaceOf(key)))
          .sort(),
      ),
    };
    made.set(locale, found);
  }
  return found;
}
