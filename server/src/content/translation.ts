import type { Language } from '@gomeum/contracts';

/** Each language as the translation instruction names it. */
const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  zh: 'Chinese (simplified characters)',
  ko: 'Korean',
};

/**
 * The system message of a translation: the text follows as the user's message. Written in English
 * for every target (the model follows it best), and the same for every text, so a translation is
 * the text's alone.
 */
export function translationInstruction(to: Language): string {
  return [
    `Translate the text of the next message into ${LANGUAGE_NAMES[to]}.`,
    'It was written by a user of Gomeum (a companion app with a black cat) or by Gomeum; keep its meaning, tone,',
    'names, emoji, line breaks and any HTML markup as it is. Answer with the translation only: no notes, no quotes,',
    'nothing else.',
  ].join(' ');
}
