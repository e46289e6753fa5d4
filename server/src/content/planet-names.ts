import type { Language, PlanetId } from '@gomeum/contracts';

/** Each planet's name in the three languages, as the app shows it (web/src/i18n: planets.*.name). */
export const PLANET_NAMES: Record<PlanetId, Record<Language, string>> = {
  music: { en: 'Music', zh: '音乐', ko: '음악' },
  food: { en: 'Food', zh: '美食', ko: '음식' },
  manga: { en: 'Manga', zh: '漫画', ko: '만화' },
  game: { en: 'Game', zh: '游戏', ko: '게임' },
  movie: { en: 'Movie', zh: '电影', ko: '영화' },
  travel: { en: 'Travel', zh: '旅行', ko: '여행' },
  drama: { en: 'Drama', zh: '剧集', ko: '드라마' },
};
