import type { LocalizedText, PlanetId } from '@gomeum/contracts';

/** The shared task definition of each planet: what the planet asks of a visitor. */
export interface TaskDefinitionSeed {
  planet: PlanetId;
  name: LocalizedText;
  description: LocalizedText;
  reward: LocalizedText;
}

/** One task definition per planet, in galaxy order. */
export const TASK_DEFINITIONS: readonly TaskDefinitionSeed[] = [
  {
    planet: 'music',
    name: { en: 'A song a day', zh: '每天一首歌', ko: '하루 한 곡' },
    description: {
      en:
        'Give yourself a small music habit: a new song every day, ten minutes on an instrument, or the lyrics of ' +
        'one song learned by heart. Send a proof each time you keep it.',
      zh: '给自己养成一个小小的音乐习惯：每天听一首新歌、练十分钟乐器，或者把一首歌的歌词背下来。每坚持一次，就交一份证明。',
      ko: '작은 음악 습관을 하나 정해 보세요. 매일 새 노래 한 곡, 악기 연습 10분, 좋아하는 노래 가사 외우기도 좋아요. 지킬 때마다 인증을 보내 주세요.',
    },
    reward: {
      en:
        'Something that sounds good: a new album, a concert ticket, or an evening of nothing but your favourite ' +
        'playlist.',
      zh: '选一个听起来就开心的奖励：一张新专辑、一张演唱会门票，或者一整晚只听最爱的歌单。',
      ko: '듣기만 해도 신나는 걸로요. 새 앨범, 콘서트 티켓, 아니면 좋아하는 플레이리스트만 듣는 저녁 한때.',
    },
  },
  {
    planet: 'food',
    name: { en: 'Taste something new', zh: '尝点新鲜的', ko: '새로운 맛 도전' },
    description: {
      en:
        'Cook a dish you’ve never made, try a cuisine you’ve never tasted, or swap one snack a day for fruit. ' +
        'Choose something you can really do this week.',
      zh: '做一道从没做过的菜，尝一种从没吃过的料理，或者每天用水果换掉一份零食。挑一件这周就能做到的事。',
      ko: '한 번도 안 만들어 본 요리, 처음 먹어 보는 나라의 음식, 또는 하루 간식 하나를 과일로 바꾸기. 이번 주 안에 해낼 수 있는 걸 골라 보세요.',
    },
    reward: {
      en: 'A treat worth waiting for: dinner at the place you’ve been eyeing, a fancy dessert, or a new kitchen tool.',
      zh: '一份值得期待的美味：去那家惦记很久的餐厅吃一顿、一份精致的甜点，或者一件新的厨房小工具。',
      ko: '기다린 보람이 있는 보상이요. 눈여겨보던 맛집에서의 저녁, 근사한 디저트, 새 주방 도구도 좋아요.',
    },
  },
  {
    planet: 'manga',
    name: { en: 'Turn the page', zh: '一页一页读下去', ko: '한 장씩 넘기기' },
    description: {
      en:
        'Read a series from the first volume to the last, try a genre you usually skip, or draw a four-panel comic ' +
        'about your own day.',
      zh: '把一部漫画从第一卷读到最后一卷，试试平时总会跳过的题材，或者把自己的一天画成四格漫画。',
      ko: '한 시리즈를 1권부터 완결까지 읽거나, 평소 손이 안 가던 장르에 도전하거나, 나의 하루를 네 컷 만화로 그려 보세요.',
    },
    reward: {
      en: 'The next volume, a figure of your favourite character, or a slow afternoon in a manga café.',
      zh: '下一卷漫画、最爱角色的手办，或者在漫画咖啡馆里悠闲地泡上一个下午。',
      ko: '다음 권, 최애 캐릭터 피규어, 아니면 만화카페에서 보내는 느긋한 오후.',
    },
  },
  {
    planet: 'game',
    name: { en: 'Level up', zh: '升级时刻', ko: '레벨 업' },
    description: {
      en:
        'Play with a goal: finish the game you never completed, beat the level that keeps beating you, or stop ' +
        'when your timer rings, every time.',
      zh: '带着目标去玩：通关那款一直没打完的游戏，打败总让你卡关的那一关，或者闹钟一响就准时放下手柄。',
      ko: '목표를 정하고 플레이해 보세요. 끝내지 못한 게임 엔딩 보기, 번번이 막히던 스테이지 깨기, 또는 타이머가 울리면 매번 바로 멈추기.',
    },
    reward: {
      en: 'A new game or expansion, a skin you’ve had your eye on, or a late-night co-op session with friends.',
      zh: '一款新游戏或资料片、心仪已久的皮肤，或者和朋友来一场深夜联机。',
      ko: '새 게임이나 확장팩, 눈여겨보던 스킨, 친구들과 함께하는 늦은 밤 협동 플레이.',
    },
  },
  {
    planet: 'movie',
    name: { en: 'Movie night', zh: '电影之夜', ko: '영화의 밤' },
    description: {
      en:
        'Watch the classic you keep meaning to see, or a film from a country you know little about. Then write ' +
        'three lines about how it made you feel.',
      zh: '看一部一直想看却还没看的经典，或者一部来自你不太了解的国家的电影。看完写三句话，记下它带给你的感受。',
      ko: '늘 보려고 미뤄 둔 명작이나, 잘 모르는 나라의 영화를 한 편 보세요. 다 보고 나면 어떤 기분이었는지 세 줄로 남겨 보고요.',
    },
    reward: {
      en: 'A cinema ticket with the big popcorn, a poster for your wall, or a cosy marathon under a blanket.',
      zh: '一张电影票外加大桶爆米花、一张贴在墙上的海报，或者裹着毯子来一场电影马拉松。',
      ko: '큰 팝콘을 곁들인 영화관 티켓, 방에 걸 포스터, 이불 속에서 즐기는 영화 몰아 보기.',
    },
  },
  {
    planet: 'travel',
    name: { en: 'Somewhere new', zh: '去个新地方', ko: '낯선 곳으로' },
    description: {
      en:
        'Step off your usual routes: visit a street, park or town you’ve never been to, take a photo there, and ' +
        'tell Gomeum what you found.',
      zh: '走出平时的路线：去一条没走过的街、一座没去过的公园或小镇，在那里拍张照片，再告诉 Gomeum 你发现了什么。',
      ko: '늘 다니던 길에서 벗어나 보세요. 처음 가 보는 골목이나 공원, 동네를 찾아가 사진을 한 장 찍고, 무엇을 발견했는지 Gomeum에게 들려주세요.',
    },
    reward: {
      en: 'A weekend trip, a new backpack or guidebook, or a postcard sent to yourself from the place you visited.',
      zh: '一次周末旅行、一个新背包或一本旅行指南，或者从去过的地方给自己寄一张明信片。',
      ko: '주말 여행, 새 배낭이나 여행 안내서, 아니면 다녀온 곳에서 나에게 부치는 엽서 한 장.',
    },
  },
  {
    planet: 'drama',
    name: { en: 'Binge with a plan', zh: '追剧有计划', ko: '계획 있는 정주행' },
    description: {
      en:
        'Finish the series you keep pausing, or pair each episode with a small chore: one episode once the dishes ' +
        'are done.',
      zh: '把一直暂停的那部剧追完，或者给每一集配一件小家务：碗洗完了，才能看下一集。',
      ko: '자꾸 멈춰 둔 드라마를 끝까지 보거나, 한 회마다 작은 집안일을 짝지어 보세요. 설거지를 끝내면 한 편, 이런 식으로요.',
    },
    reward: {
      en: 'The next season, guilt-free; snacks for a marathon night; or a souvenir from the show you love.',
      zh: '心安理得地开始看下一季、为通宵追剧备好零食，或者入手一件心爱剧集的周边。',
      ko: '죄책감 없이 시작하는 다음 시즌, 정주행용 간식, 좋아하는 드라마 굿즈.',
    },
  },
];
