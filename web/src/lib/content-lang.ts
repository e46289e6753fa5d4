import type { Language } from '@gomeum/contracts';

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u;
const KANA = /[\u3040-\u30ff]/u;
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff]/u;
const LATIN = /[A-Za-z]/;

/**
 * The language people's own text (a log, a proof, a chat message) is written in, told by its
 * script: Hangul is Korean, Han without Hangul or kana is Chinese, Latin letters alone English;
 * anything else, or nothing to tell by, is left to the page's language (undefined). Marked as the
 * element's `lang`, it lets the text break as its own language does, whatever the interface's
 * (Korean between words, never inside one), and screen readers read it in the right voice.
 */
export function contentLang(text: string): Language | undefined {
  if (HANGUL.test(text)) return 'ko';
  if (KANA.test(text)) return undefined;
  if (HAN.test(text)) return 'zh';
  return LATIN.test(text) ? 'en' : undefined;
}
