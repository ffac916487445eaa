// What the alert form holds when its island wakes. The page draws the form and its island loads at the reader's first
// touch, so the reader may already have typed an address or chosen an option: the island takes the form over as it
// stands instead of resetting it to its first values.
import { ALL_RECORD_KINDS, type AlertFrequency, type AlertRecordKind } from './describe';

export type AlertScope = 'district' | 'state' | 'everywhere';

/** The form's controls as they stand; null where the form has no such control or none of its choices is checked. */
export interface AlertFormValues {
  words: string;
  email: string;
  scope: AlertScope | null;
  state: string | null;
  /** The record kinds checked (only the search form has them). */
  kinds: AlertRecordKind[];
  topicId: number | null;
  minorityOnly: boolean;
  frequency: AlertFrequency | null;
}

/** The names of the form's controls; its radio groups' names are the form's own, so that two forms on a page differ. */
export const FIELD_NAMES = {
  words: 'words',
  email: 'email',
  state: 'state',
  kinds: 'kinds',
  topic: 'topic',
  minorityOnly: 'minority_only',
} as const;

const SCOPES: readonly AlertScope[] = ['district', 'state', 'everywhere'];
const FREQUENCIES: readonly AlertFrequency[] = ['daily', 'weekly'];

const oneOf = <T extends string>(choices: readonly T[], value: unknown): T | null =>
  choices.find((choice) => choice === value) ?? null;
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Reads the form's values from its data (new FormData(form)), given its radio groups' names. */
export function alertFormValues(
  data: Pick<FormData, 'get' | 'getAll'>,
  radios: { scope: string; frequency: string },
): AlertFormValues {
  const state = data.get(FIELD_NAMES.state);
  const topic = Number(text(data.get(FIELD_NAMES.topic)) || Number.NaN);
  const kinds = data.getAll(FIELD_NAMES.kinds);
  return {
    words: text(data.get(FIELD_NAMES.words)),
    email: text(data.get(FIELD_NAMES.email)),
    scope: oneOf(SCOPES, data.get(radios.scope)),
    state: state === null ? null : text(state),
    kinds: ALL_RECORD_KINDS.filter((kind) => kinds.includes(kind)),
    topicId: Number.isSafeInteger(topic) ? topic : null,
    minorityOnly: data.get(FIELD_NAMES.minorityOnly) !== null,
    frequency: oneOf(FREQUENCIES, data.get(radios.frequency)),
  };
}
