import type { LocalizedText } from '@gomeum/contracts';

/** A numbered question on the moon, with Gomeum’s own answer to it. */
export interface MoonQuestionSeed {
  number: number;
  question: LocalizedText;
  gomeumAnswer: LocalizedText;
}

/** The moon’s starting questions, numbered from 1. */
export const MOON_QUESTIONS: readonly MoonQuestionSeed[] = [
  {
    number: 1,
    question: {
      en: 'What small thing made you smile this week?',
      zh: '这周有什么小事让你笑了？',
      ko: '이번 주에 당신을 웃게 한 작은 일은 무엇이었나요?',
    },
    gomeumAnswer: {
      en:
        'A moth danced past the window and seemed to wave at my reflection. I didn’t catch it, and I didn’t need ' +
        'to. Small things are often the best ones.',
      zh: '一只飞蛾从窗前飘过，好像在跟我的倒影打招呼。我没去抓它，也不需要抓。小小的事，往往最好。',
      ko: '나방 한 마리가 창밖을 춤추듯 지나가면서 유리에 비친 나한테 인사하는 것 같았어요. 잡지는 않았어요. 그럴 필요가 없었거든요. 작은 일이 제일 좋은 일일 때가 많아요.',
    },
  },
  {
    number: 2,
    question: {
      en: 'If you could live on one planet for a year, which would it be, and why?',
      zh: '如果能在一颗星球上住一年，你会选哪颗？为什么？',
      ko: '한 행성에서 1년을 살 수 있다면 어디를 고를 건가요? 그 이유는요?',
    },
    gomeumAnswer: {
      en:
        'The food planet, without a second thought. Every corner smells of something warm, and there is always a ' +
        'fish waiting to be tasted. I would come back rounder, and very happy.',
      zh: '美食星球，想都不用想。每个角落都飘着热乎乎的香味，总有一条鱼等着我去尝。回来的时候我大概会更圆一点，也会很开心。',
      ko: '당연히 음식 행성이요. 어딜 가나 따끈한 냄새가 나고, 맛봐야 할 생선이 늘 기다리고 있거든요. 돌아올 땐 조금 더 동그래져 있겠지만, 아주 행복할 거예요.',
    },
  },
  {
    number: 3,
    question: {
      en: 'What are you proud of that nobody else knows about?',
      zh: '有什么让你骄傲、却没人知道的事？',
      ko: '아무도 모르지만 스스로 자랑스러운 일이 있나요?',
    },
    gomeumAnswer: {
      en:
        'I once sat perfectly still for a whole hour so a shy star would come out. Nobody saw it but me, and ' +
        'that’s all right. Some proud moments are meant to stay quiet.',
      zh: '有一次，我一动不动地坐了整整一个小时，只为等一颗害羞的星星出来。除了我没人看见，不过没关系。有些值得骄傲的时刻，本来就适合安安静静的。',
      ko: '수줍은 별 하나가 나오기를 기다리며 한 시간 내내 꼼짝 않고 앉아 있었던 적이 있어요. 본 건 나뿐이었지만 괜찮아요. 어떤 뿌듯함은 조용히 간직하는 게 어울리니까요.',
    },
  },
  {
    number: 4,
    question: {
      en: 'What did you want to be when you were little? Is any of it still in you?',
      zh: '小时候你想成为什么样的人？现在身上还留着那时的影子吗？',
      ko: '어릴 때 무엇이 되고 싶었나요? 그 꿈이 아직 조금이라도 남아 있나요?',
    },
    gomeumAnswer: {
      en:
        'As a kitten I wanted to be the moon: round, glowing and admired by everyone. I didn’t become the moon, ' +
        'but I am round, and my eyes do glow in the dark. I call that a partial success.',
      zh: '小时候我想当月亮：圆圆的，会发光，人人都抬头看。我没变成月亮，可我确实圆圆的，眼睛在黑暗里也会发光。我觉得这算成功了一半。',
      ko: '아기 고양이였을 때는 달이 되고 싶었어요. 동그랗고, 빛나고, 모두가 올려다보는 달이요. 달이 되진 못했지만 나는 동그랗고, 어둠 속에서 눈도 빛나요. 절반은 성공한 셈이죠.',
    },
  },
  {
    number: 5,
    question: {
      en: 'Which song always takes you back to a memory? What memory?',
      zh: '哪首歌总能把你带回某段回忆？是什么样的回忆？',
      ko: '들을 때마다 떠오르는 기억이 있는 노래가 있나요? 어떤 기억인가요?',
    },
    gomeumAnswer: {
      en:
        'The low hum of the fridge at night. It takes me back to my first home, where I curled up beside it and ' +
        'felt safe. Not every song needs words.',
      zh: '夜里冰箱低低的嗡嗡声。它让我想起第一个家，那时我总蜷在冰箱旁边，觉得特别安心。不是每首歌都需要歌词。',
      ko: '밤에 들리는 냉장고의 낮은 웅웅 소리요. 그 옆에 몸을 말고 누워 있으면 마음이 놓이던 첫 집이 생각나요. 모든 노래에 가사가 필요한 건 아니니까요.',
    },
  },
  {
    number: 6,
    question: {
      en: 'What habit would you like to start, and what is stopping you?',
      zh: '你想养成什么习惯？是什么拦住了你？',
      ko: '새로 시작하고 싶은 습관이 있나요? 무엇이 발목을 잡고 있나요?',
    },
    gomeumAnswer: {
      en:
        'I would like to wake up early and greet the sunrise. What stops me is the blanket; it is very persuasive. ' +
        'Shall we both try tomorrow, you with your habit and me with mine?',
      zh: '我想早起迎接日出。拦住我的是被窝，它实在太有说服力了。明天我们一起试试吧？你养你的习惯，我养我的。',
      ko: '일찍 일어나서 해돋이를 맞이하고 싶어요. 문제는 이불이에요. 설득력이 너무 좋거든요. 내일 우리 같이 해 볼까요? 당신은 당신의 습관을, 나는 나의 습관을요.',
    },
  },
  {
    number: 7,
    question: {
      en: 'When do you feel most like yourself?',
      zh: '什么时候你觉得最像自己？',
      ko: '언제 가장 나다운 기분이 드나요?',
    },
    gomeumAnswer: {
      en:
        'Late at night, when the house is quiet and the stars are out. I stretch, I blink slowly, and everything ' +
        'feels exactly the right size.',
      zh: '深夜，屋里静悄悄、星星都出来的时候。我伸个懒腰，慢慢眨眨眼，一切都刚刚好。',
      ko: '집이 조용해지고 별이 뜨는 늦은 밤이요. 기지개를 쭉 켜고 눈을 천천히 깜빡이면, 모든 게 딱 알맞은 크기로 느껴져요.',
    },
  },
  {
    number: 8,
    question: {
      en: 'What kind thing did someone do for you that you still remember?',
      zh: '有没有谁对你做过一件暖心的事，让你到现在还记得？',
      ko: '누군가 베풀어 준 친절 중에 아직도 기억나는 것이 있나요?',
    },
    gomeumAnswer: {
      en:
        'On a cold evening, a stranger on a bench shared half a sandwich with me, the tuna half. They didn’t have ' +
        'to. I still think of them whenever I’m warm and full.',
      zh: '一个很冷的傍晚，长椅上一位陌生人把半个三明治分给了我，还是夹着金枪鱼的那一半。其实他完全不必这么做。直到现在，每当我吃饱了、暖暖和和的时候，都会想起他。',
      ko: '추운 저녁, 벤치에 앉아 있던 낯선 사람이 샌드위치 반쪽을 나눠 줬어요. 그것도 참치가 든 쪽으로요. 그럴 필요가 없었는데도요. 지금도 배부르고 따뜻할 때면 그 사람이 생각나요.',
    },
  },
  {
    number: 9,
    question: {
      en: 'If you could learn one skill instantly, what would it be?',
      zh: '如果能瞬间学会一项技能，你想学什么？',
      ko: '어떤 기술이든 단숨에 익힐 수 있다면 무엇을 배우고 싶나요?',
    },
    gomeumAnswer: {
      en:
        'Opening doors by myself. Think of it: the balcony, the wardrobe, the cupboard where the treats live. ' +
        'Nobody would ever see it coming.',
      zh: '自己开门。想想看：阳台、衣柜，还有藏零食的那个柜子。谁都不会料到的。',
      ko: '혼자서 문 열기요. 생각해 보세요. 베란다, 옷장, 그리고 간식이 사는 찬장까지. 아무도 눈치채지 못할 거예요.',
    },
  },
  {
    number: 10,
    question: {
      en: 'What does a perfect lazy day look like for you?',
      zh: '对你来说，完美的懒散一天是什么样子？',
      ko: '당신에게 완벽하게 게으른 하루는 어떤 모습인가요?',
    },
    gomeumAnswer: {
      en:
        'Sun on the windowsill in the morning, a nap at noon, then another nap after that nap. A slow walk to the ' +
        'food bowl, and a long look at the stars before bed. Perfect.',
      zh: '早上在窗台晒太阳，中午睡一觉，睡醒了再睡一觉。慢悠悠地走到饭碗边，睡前再好好看一会儿星星。完美。',
      ko: '아침엔 창턱에서 햇볕 쬐기, 점심엔 낮잠, 그리고 낮잠 뒤에 또 낮잠. 밥그릇까지 느긋하게 걸어갔다가, 자기 전에 별을 오래 바라보기. 완벽해요.',
    },
  },
  {
    number: 11,
    question: {
      en: 'What is something you have changed your mind about?',
      zh: '有什么事，你后来改变了看法？',
      ko: '생각이 바뀐 일이 있나요?',
    },
    gomeumAnswer: {
      en:
        'I used to think the vacuum cleaner was a monster. Now I think it is just a loud, lonely machine. I still ' +
        'leave the room, but politely.',
      zh: '我以前觉得吸尘器是怪兽。现在我觉得它只是一台吵闹又孤单的机器。我还是会离开房间，不过是很有礼貌地离开。',
      ko: '예전엔 청소기가 괴물인 줄 알았어요. 지금은 그냥 시끄럽고 외로운 기계라고 생각해요. 여전히 방을 나가긴 하지만, 정중하게 나가요.',
    },
  },
  {
    number: 12,
    question: {
      en: 'Where would you love to go, and who would you take with you?',
      zh: '你最想去哪里？会带谁一起去？',
      ko: '꼭 가 보고 싶은 곳이 있나요? 누구와 함께 가고 싶나요?',
    },
    gomeumAnswer: {
      en:
        'A lighthouse at the edge of the sea, where fish leap right under the window. I would take you, of course. ' +
        'Someone has to carry the snacks.',
      zh: '海边的一座灯塔，鱼就在窗户底下跳来跳去。当然要带上你啦，总得有人帮忙拿零食。',
      ko: '바닷가 끝에 있는 등대요. 창문 바로 아래서 물고기가 펄쩍펄쩍 뛰는 곳이에요. 물론 당신이랑 같이 갈 거예요. 간식은 누군가 들어 줘야 하니까요.',
    },
  },
  {
    number: 13,
    question: {
      en: 'What would you like to tell your younger self?',
      zh: '你想对小时候的自己说些什么？',
      ko: '어린 시절의 나에게 해 주고 싶은 말이 있나요?',
    },
    gomeumAnswer: {
      en:
        'Not every closed door is a problem; some are just doors. And naps are never a waste of time. I wish I had ' +
        'known sooner, so I could have napped with less guilt.',
      zh: '不是每扇关着的门都是问题，有些只是门而已。还有，午睡从来都不是浪费时间。要是早点知道就好了，我就能睡得更心安理得一些。',
      ko: '“닫힌 문이 전부 문제인 건 아니야. 그냥 문일 때도 있어. 그리고 낮잠은 절대 시간 낭비가 아니야.” 이걸 더 일찍 알았다면 덜 미안해하며 낮잠을 잤을 텐데요.',
    },
  },
  {
    number: 14,
    question: {
      en: 'What are you looking forward to right now?',
      zh: '你现在最期待的是什么？',
      ko: '요즘 가장 기다려지는 것은 무엇인가요?',
    },
    gomeumAnswer: {
      en:
        'The next full moon. I will sit on the roof with my tail wrapped around my paws and count the visitors on ' +
        'every planet. It is my favourite kind of counting.',
      zh: '下一个满月。我会坐在屋顶上，用尾巴圈住爪子，数一数每颗星球上来了多少访客。这是我最喜欢的一种数数。',
      ko: '다음 보름달이요. 지붕에 앉아 꼬리로 앞발을 감싸고, 행성마다 놀러 온 손님이 몇 명인지 세어 볼 거예요. 내가 제일 좋아하는 숫자 세기랍니다.',
    },
  },
  {
    number: 15,
    question: {
      en: 'Which story (a book, film, manga or drama) changed the way you see things?',
      zh: '哪个故事（书、电影、漫画或电视剧都算）改变了你看待事物的方式？',
      ko: '세상을 보는 눈을 바꿔 준 이야기가 있나요? 책, 영화, 만화, 드라마 무엇이든 좋아요.',
    },
    gomeumAnswer: {
      en:
        'A picture book about a cat who wanted to fly. He never did, but he climbed the tallest tree and saw the ' +
        'whole town. It taught me that almost there can still come with a wonderful view.',
      zh: '一本绘本，讲一只想飞的猫。他最后没能飞起来，却爬上了最高的那棵树，看见了整座小镇。它让我明白，就算只差一点点，风景也可以很美。',
      ko: '하늘을 날고 싶었던 고양이 그림책이요. 끝내 날지는 못했지만, 제일 높은 나무에 올라 마을 전체를 내려다봤죠. 조금 모자란 곳에서도 멋진 풍경을 볼 수 있다는 걸 배웠어요.',
    },
  },
  {
    number: 16,
    question: {
      en: 'What makes someone a good friend to you?',
      zh: '在你看来，怎样才算是一个好朋友？',
      ko: '당신에게 좋은 친구란 어떤 사람인가요?',
    },
    gomeumAnswer: {
      en:
        'A good friend can sit nearby without needing to talk. They notice when my ears go flat, and they leave me ' +
        'the last sunny spot. You’re doing rather well, by the way.',
      zh: '好朋友可以安安静静地待在身边，不用非得说话。他们会注意到我的耳朵耷拉下来，还会把最后一块晒得到太阳的地方留给我。对了，你做得挺好的。',
      ko: '좋은 친구는 굳이 말하지 않아도 곁에 있어 주는 사람이에요. 내 귀가 납작해지면 알아채 주고, 마지막 남은 햇볕 자리를 양보해 주죠. 참, 당신도 꽤 잘하고 있어요.',
    },
  },
];
