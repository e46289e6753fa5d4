import type { LocalizedText, PlanetId } from '@gomeum/contracts';

/** Gomeum’s own task on a planet, done alongside the visitors there. */
export interface GomeumTaskSeed {
  planet: PlanetId;
  description: LocalizedText;
  reward: LocalizedText;
  proof: string;
}

/** Gomeum’s task and reward on each planet, in galaxy order; proofs start empty. */
export const GOMEUM_TASKS: readonly GomeumTaskSeed[] = [
  {
    planet: 'music',
    description: {
      en: 'Purr the whole opening of the Moonlight Sonata, in tune, without dozing off halfway through.',
      zh: '用呼噜声完整哼出《月光奏鸣曲》的开头，音要准，中途还不许睡着。',
      ko: '월광 소나타 도입부를 골골송으로 끝까지 불러 보기. 음정은 정확하게, 중간에 졸지 않고.',
    },
    reward: {
      en: 'The sunny spot on top of the piano, all afternoon.',
      zh: '一整个下午，独占钢琴顶上晒得到太阳的位置。',
      ko: '피아노 위 햇볕 드는 자리를 오후 내내 차지하기.',
    },
    proof: '',
  },
  {
    planet: 'food',
    description: {
      en: 'Taste one new kind of fish each week and keep a tasting diary, signed with a paw print.',
      zh: '每周尝一种没吃过的鱼，写一本试吃日记，每页都盖上爪印。',
      ko: '매주 처음 먹어 보는 생선을 한 가지씩 맛보고, 발도장을 꾹 찍은 시식 일기 쓰기.',
    },
    reward: {
      en: 'A whole sardine, all to myself.',
      zh: '一整条沙丁鱼，谁也不分。',
      ko: '정어리 한 마리를 통째로 혼자 먹기.',
    },
    proof: '',
  },
  {
    planet: 'manga',
    description: {
      en: 'Read a whole volume without sitting on the pages even once.',
      zh: '读完一整卷漫画，一次都不坐到书页上。',
      ko: '만화책 한 권을 끝까지 읽기. 책장 위에 한 번도 앉지 않고.',
    },
    reward: {
      en: 'A cardboard box big enough to read in.',
      zh: '一个大到能窝在里面看书的纸箱。',
      ko: '안에 들어가 책을 읽을 수 있을 만큼 큰 종이 상자.',
    },
    proof: '',
  },
  {
    planet: 'game',
    description: {
      en: 'Finally catch the little red dot on the screen. Just once would do.',
      zh: '终于抓住屏幕上那个小红点，一次就好。',
      ko: '화면 속 작은 빨간 점을 드디어 잡기. 딱 한 번이면 돼요.',
    },
    reward: {
      en: 'A new feather toy on a long string.',
      zh: '一根系着长绳的新羽毛逗猫棒。',
      ko: '긴 줄이 달린 새 깃털 장난감.',
    },
    proof: '',
  },
  {
    planet: 'movie',
    description: {
      en: 'Watch a film from the opening scene to the end credits without pawing at the screen.',
      zh: '从第一个镜头看到片尾字幕，全程不伸爪子去扒屏幕。',
      ko: '첫 장면부터 엔딩 크레디트까지, 화면을 앞발로 건드리지 않고 영화 한 편 보기.',
    },
    reward: {
      en: 'The softest cushion on the sofa, every movie night.',
      zh: '以后每个电影之夜，沙发上最软的靠垫都归我。',
      ko: '영화 보는 날마다 소파에서 제일 푹신한 쿠션 차지하기.',
    },
    proof: '',
  },
  {
    planet: 'travel',
    description: {
      en: 'Visit every rooftop in the neighbourhood and draw a map of the warmest ones.',
      zh: '走遍附近的每一个屋顶，画一张最暖和的屋顶地图。',
      ko: '동네 지붕을 모두 돌아보고, 가장 따뜻한 지붕만 모은 지도 그리기.',
    },
    reward: {
      en: 'A sunny windowsill that looks out on somewhere new.',
      zh: '一个洒满阳光、望出去是新风景的窗台。',
      ko: '새로운 풍경이 내다보이는 햇살 가득한 창턱.',
    },
    proof: '',
  },
  {
    planet: 'drama',
    description: {
      en: 'Stay awake for a whole episode, even the slow, teary part near the end.',
      zh: '清醒地看完一整集，连结尾那段慢悠悠、催人泪下的部分也不睡着。',
      ko: '드라마 한 회를 깨어서 끝까지 보기. 끝부분의 느리고 눈물 나는 장면까지도.',
    },
    reward: {
      en: 'A soft blanket and a long chin scratch during the finale.',
      zh: '大结局时，一条软软的毯子，再加一次长长的挠下巴。',
      ko: '마지막 회를 볼 때 포근한 담요와 오래오래 턱 긁어 주기.',
    },
    proof: '',
  },
];
