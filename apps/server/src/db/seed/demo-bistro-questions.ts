import {
  AskQuestionWhen,
  AspectRating,
  EposProductType,
  MenuInsightMode,
  QuestionFormat,
  type QuestionInput,
  QuestionType,
} from '@venue-voice/domain';

const T = 1; // demo-bistro's templateId
const choices = (...texts: string[]) => texts.map((text, index) => ({ id: index + 1, text }));

const goodReasons = choices('Tasty', 'Well presented', 'Good portion', 'Hot and fresh');
const badReasons = choices('Cold', 'Bland', 'Small portion', 'Took too long');

/**
 * demo-bistro's questions: one of every kind the guest spec describes (the overall-experience services
 * list too), plus drill-downs on each indicator kind.
 */
export const bistroQuestions: QuestionInput[] = [
  // Drill-downs (type 1 and 6): appear when their indicator's score meets the threshold (G4).
  {
    id: 101,
    templateId: T,
    sectionId: 'drilldowns',
    questionType: QuestionType.DRILLDOWN,
    otherQuestionsFormat: QuestionFormat.ONE_CHECKBOX,
    multiSelect: true,
    text: 'What let the food down?',
    indicatorId: 1,
    triggerStars: [1, 2],
    weight: 90,
    triggerComplaint: true,
    otherQuestionsAnswers: choices('Temperature', 'Taste', 'Portion size', 'Presentation', 'Wait time'),
    followUpQuestions: [102],
  },
  {
    id: 102,
    templateId: T,
    sectionId: 'drilldowns',
    questionType: QuestionType.DRILLDOWN_PLUS,
    otherQuestionsFormat: QuestionFormat.TEXT_MULTIPLE,
    commentMode: 'comment',
    text: 'Tell us what happened so we can put it right',
    linkedQuestion: 101,
    weight: 85,
  },
  {
    id: 103,
    templateId: T,
    sectionId: 'drilldowns',
    questionType: QuestionType.DRILLDOWN,
    otherQuestionsFormat: QuestionFormat.ONE_RADIO,
    text: 'What would make you more likely to recommend us?',
    indicatorId: 5,
    nps: { score: 6, direction: 'l' },
    weight: 80,
    otherQuestionsAnswers: choices('Better value', 'Faster service', 'More choice', 'Something else'),
  },
  {
    id: 104,
    templateId: T,
    sectionId: 'drilldowns',
    questionType: QuestionType.DRILLDOWN,
    otherQuestionsFormat: QuestionFormat.TEXT_SINGLE,
    text: 'What made your visit special?',
    indicatorId: 6,
    csat: { score: 90, direction: 'g' },
    weight: 70,
  },
  // Menu insight (type 8): rate individual dishes (G2, G4).
  {
    id: 110,
    templateId: T,
    sectionId: 'menu',
    questionType: QuestionType.MENU_INSIGHT,
    text: 'How were your dishes?',
    weight: 60,
    menuInsight: {
      menuType: EposProductType.FOOD,
      mode: MenuInsightMode.TYPE,
      menuFamilyGroupRef: null,
      menuMajorGroupRef: null,
      followUpQuestion: true,
      subQuestions: [
        { id: 'reasons', type: 'reasons', label: 'What stood out?', required: false, showIf: null },
        {
          id: 'comments',
          type: 'comments',
          label: 'Any comments on this dish?',
          required: true,
          showIf: null,
        },
      ],
      reasonSections: [
        {
          aspectRatingId: AspectRating.GOOD,
          title: 'What did you like?',
          showIf: null,
          reasons: goodReasons,
        },
        { aspectRatingId: AspectRating.BAD, title: 'What was wrong?', showIf: null, reasons: badReasons },
        {
          aspectRatingId: AspectRating.NEUTRAL,
          title: 'What could be better?',
          showIf: null,
          reasons: badReasons,
        },
      ],
    },
  },
  // Product question (type 3): needs a transaction.
  {
    id: 111,
    templateId: T,
    sectionId: 'menu',
    questionType: QuestionType.PRODUCT,
    otherQuestionsFormat: QuestionFormat.YES_NO_WHY,
    text: 'Would you order the same drinks again?',
    txAskQuestion: AskQuestionWhen.WHEN_TRANSACTION,
    ynFollowupN: true,
    weight: 50,
  },
  // Other questions (type 4) in every format.
  {
    id: 120,
    templateId: T,
    sectionId: 'questions',
    questionType: QuestionType.OTHER,
    otherQuestionsFormat: QuestionFormat.YES_NO_WHY,
    text: 'Was this your first visit?',
    ynFollowupY: true,
    ynFollowupN: false,
    allowNotApplicable: false,
    weight: 60,
  },
  {
    id: 121,
    templateId: T,
    sectionId: 'questions',
    questionType: QuestionType.OTHER,
    otherQuestionsFormat: QuestionFormat.ONE_DROPDOWN,
    text: 'How did you hear about us?',
    otherQuestionsAnswers: choices(
      'Friends or family',
      'Social media',
      'Walked past',
      'Review site',
      'Other',
    ),
    weight: 55,
  },
  {
    id: 122,
    templateId: T,
    sectionId: 'questions',
    questionType: QuestionType.OTHER,
    otherQuestionsFormat: QuestionFormat.ONE_RADIO,
    text: 'What was the occasion?',
    otherQuestionsAnswers: choices('Business', 'Celebration', 'Casual meal', 'Date night'),
    allowNotApplicable: true,
    weight: 50,
  },
  {
    id: 123,
    templateId: T,
    sectionId: 'questions',
    questionType: QuestionType.OTHER,
    otherQuestionsFormat: QuestionFormat.ONE_CHECKBOX,
    multiSelect: true,
    text: 'Which of these did you try?',
    otherQuestionsAnswers: choices('Cocktails', 'Wine list', 'Specials board', 'Desserts'),
    weight: 45,
  },
  {
    id: 124,
    templateId: T,
    sectionId: 'questions',
    questionType: QuestionType.CONTEXT,
    otherQuestionsFormat: QuestionFormat.YES_NO_WHY,
    text: 'Did the table suit your group?',
    contextFilters: [{ type: 'numberInParty', direction: 'g', value: 4 }],
    ynFollowupN: true,
    weight: 40,
  },
  {
    id: 125,
    templateId: T,
    sectionId: 'questions',
    questionType: QuestionType.OTHER,
    otherQuestionsFormat: QuestionFormat.TEXT_SINGLE,
    commentMode: 'postcode',
    text: 'What is your postcode?',
    allowNotApplicable: true,
    weight: 30,
  },
  // The overall-experience list of services (G2, decision 0176): each service opens a modal of its own
  // sub-questions; Save waits for the required ones.
  {
    id: 126,
    templateId: T,
    sectionId: 'questions',
    questionType: QuestionType.OTHER,
    text: 'How was each part of your visit?',
    weight: 35,
    services: [
      {
        id: 'food',
        name: 'Food',
        subQuestions: [
          { id: 'score', label: 'How was the food?', kind: 'rating', required: true },
          {
            id: 'liked',
            label: 'What did you enjoy?',
            kind: 'choices',
            required: true,
            choices: choices('Taste', 'Portion size', 'Presentation', 'Temperature'),
          },
          { id: 'comment', label: 'Anything else about the food?', kind: 'text' },
        ],
      },
      {
        id: 'drinks',
        name: 'Drinks',
        subQuestions: [
          { id: 'score', label: 'How were the drinks?', kind: 'rating', required: true },
          { id: 'comment', label: 'Anything else about the drinks?', kind: 'text' },
        ],
      },
      {
        id: 'welcome',
        name: 'Welcome and seating',
        subQuestions: [
          { id: 'score', label: 'How were you welcomed?', kind: 'rating', required: true },
          { id: 'comment', label: 'Anything else about your welcome?', kind: 'text' },
        ],
      },
    ],
  },
  // Comments (type 4, text multiple): positive and negative boxes.
  {
    id: 130,
    templateId: T,
    sectionId: 'comments',
    questionType: QuestionType.OTHER,
    otherQuestionsFormat: QuestionFormat.TEXT_MULTIPLE,
    commentMode: 'positive_negative',
    text: 'Anything else you would like to tell us?',
    weight: 10,
  },
];
