/**
 * What bench/operator.mjs seeds (users' words in Chinese, Korean and English: the stand-in's
 * phrases, scripts/fake-ai.mjs) and how its stand-in AI answers: a translation into the language
 * asked for, or Gomeum's drafted words in the language of the persona it was given.
 */
import { personaLanguage, PHRASES, translating } from '../scripts/fake-ai.mjs';

/** Chinese or Korean characters. */
export const FOREIGN = /[\p{Script=Han}\p{Script=Hangul}]/u;

/** What the operator types when nothing is drafted. */
export const OPERATOR_REACTION = 'Wonderful, keep going!';

const SAID = PHRASES.slice(0, 5);
/** Gomeum's drafted words. */
const DRAFT = PHRASES[5];

/** The seeded queue: chats in Chinese, then in Korean; proofs in mixed languages. */
export const SEED = {
  chats(perKind) {
    const list = [];
    for (const locale of ['zh', 'ko']) {
      for (let i = 0; i < perKind; i += 1) list.push({ locale, text: SAID[i % SAID.length][locale] });
    }
    return list;
  },
  proofs(perKind) {
    const planets = ['music', 'food', 'manga', 'game', 'movie', 'travel', 'drama'];
    return Array.from({ length: perKind }, (_, i) => {
      const locale = ['zh', 'ko', 'en'][i % 3];
      const sentence = SAID[i % SAID.length];
      // Mixed: a title in English over words in the user's language, or the other way round.
      const title = i % 2 === 0 ? `Day ${i + 1}` : sentence[locale].slice(0, 12);
      return { locale, title, content: sentence[locale], planet: planets[i % planets.length] };
    });
  },
};

/** The stand-in AI's answer to one request, in chunks. */
export const answerFor = translating((body) => [DRAFT[personaLanguage(body)]]);
