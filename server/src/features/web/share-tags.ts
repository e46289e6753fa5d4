import {
  acceptedLanguageTags,
  isLanguage,
  pickLocalized,
  preferredLanguage,
  type Language,
  type Update,
} from '@gomeum/contracts';

/** What a shared link shows: title, description and picture, in one language. */
export interface ShareCard {
  language: Language;
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of the picture. */
  image: string;
  imageAlt: string;
  /** Pixel size of the picture, when known (our own card is 1200×630). */
  imageSize: { width: number; height: number } | null;
  type: 'website' | 'article';
}

/** The app's own card, in each language. */
const SITE: Record<Language, { title: string; description: string; imageAlt: string }> = {
  en: {
    title: 'Gomeum',
    description: 'Pick a planet, set yourself a real-world task and a reward, and let a black cat cheer you on.',
    imageAlt: 'Gomeum, a black cat with golden eyes, among the stars',
  },
  zh: {
    title: 'Gomeum',
    description: '选一颗星球，给自己定一个现实中的任务和奖励，让一只黑猫为你加油。',
    imageAlt: 'Gomeum，一只金色眼睛的黑猫，在星空中',
  },
  ko: {
    title: 'Gomeum',
    description: '행성을 고르고 현실의 과제와 보상을 정해 보세요. 검은 고양이가 응원해 줄 거예요.',
    imageAlt: '별들 사이에 있는 금빛 눈의 검은 고양이 Gomeum',
  },
};

const OG_LOCALE: Record<Language, string> = { en: 'en_US', zh: 'zh_CN', ko: 'ko_KR' };
export const HTML_LANG: Record<Language, string> = { en: 'en', zh: 'zh-Hans', ko: 'ko' };

/** Our share picture (the cat among the stars), made from the app's own art at build time. */
export const SHARE_IMAGE_PATH = '/icons/share-card.png';
const SHARE_IMAGE_SIZE = { width: 1200, height: 630 };
const DESCRIPTION_LENGTH = 200;

/**
 * The reader's language: `?lang=` when it names one of ours, else the first of ours in
 * `Accept-Language` by preference (`zh-TW` counts as zh), else English.
 */
export function pickShareLanguage(lang: unknown, acceptLanguage: string | undefined): Language {
  return isLanguage(lang) ? lang : preferredLanguage(acceptedLanguageTags(acceptLanguage));
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

/** Plain text of (sanitized) update HTML, on one line. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#\d+|#x[\da-f]+|[a-z]+);/gi, (entity: string, name: string) => {
      const known = ENTITIES[name.toLowerCase()];
      if (known) return known;
      const code = name.startsWith('#x')
        ? parseInt(name.slice(2), 16)
        : name.startsWith('#')
          ? Number(name.slice(1))
          : NaN;
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

function shorten(text: string, length: number): string {
  const chars = Array.from(text);
  return chars.length > length ? `${chars.slice(0, length - 1).join('')}…` : text;
}

/** Escapes text for an HTML attribute or text node. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The app's own card (home page and every page without a card of its own). */
export function siteCard(language: Language, origin: string, pathname: string): ShareCard {
  const site = SITE[language];
  return {
    language,
    title: site.title,
    description: site.description,
    url: `${origin}${pathname}`,
    image: `${origin}${SHARE_IMAGE_PATH}`,
    imageAlt: site.imageAlt,
    imageSize: SHARE_IMAGE_SIZE,
    type: 'website',
  };
}

/** An update's card: its title and the start of its text in the reader's language, and its picture. */
export function updateCard(update: Update, language: Language, origin: string): ShareCard {
  const site = siteCard(language, origin, `/update/${encodeURIComponent(update.id)}`);
  const title = pickLocalized(update.title, language);
  const text = htmlToText(pickLocalized(update.content, language));
  return {
    ...site,
    title: title ? `${title} · Gomeum` : site.title,
    description: text ? shorten(text, DESCRIPTION_LENGTH) : site.description,
    image: update.imageUrl ? `${origin}${update.imageUrl}` : site.image,
    imageAlt: title || site.imageAlt,
    imageSize: update.imageUrl ? null : site.imageSize,
    type: 'article',
  };
}

/** The app shell with the card's title, description, language and Open Graph / Twitter tags. */
export function renderShell(indexHtml: string, card: ShareCard): string {
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`;
  // A canonical link and og:url must be absolute: with no public origin known, there are none.
  const absolute = /^https?:\/\//.test(card.url);
  const tags = [
    ...(absolute ? [`<link rel="canonical" href="${escapeHtml(card.url)}" />`] : []),
    meta('property', 'og:type', card.type),
    meta('property', 'og:site_name', 'Gomeum'),
    meta('property', 'og:title', card.title),
    meta('property', 'og:description', card.description),
    ...(absolute ? [meta('property', 'og:url', card.url)] : []),
    meta('property', 'og:image', card.image),
    meta('property', 'og:image:alt', card.imageAlt),
    ...(card.imageSize
      ? [
          meta('property', 'og:image:width', String(card.imageSize.width)),
          meta('property', 'og:image:height', String(card.imageSize.height)),
        ]
      : []),
    meta('property', 'og:locale', OG_LOCALE[card.language]),
    ...(Object.keys(OG_LOCALE) as Language[])
      .filter((language) => language !== card.language)
      .map((language) => meta('property', 'og:locale:alternate', OG_LOCALE[language])),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', card.title),
    meta('name', 'twitter:description', card.description),
    meta('name', 'twitter:image', card.image),
    meta('name', 'twitter:image:alt', card.imageAlt),
  ].join('\n    ');
  // Replacer functions, never replacement strings: a `$'` or `` $` `` in a path or a title is text.
  return indexHtml
    .replace(/<html lang="[^"]*"/, () => `<html lang="${HTML_LANG[card.language]}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(card.title)}</title>`)
    .replace(/<meta\s+name="description"\s+content="[^"]*"\s*\/?>/, () => meta('name', 'description', card.description))
    .replace('</head>', () => `  ${tags}\n  </head>`);
}
