import {
  AskQuestionWhen,
  IndicatorKind,
  IndicatorRenderType,
  type Question,
  QuestionFormat,
  type QuestionInput,
  QuestionType,
  questionSchema,
  SocialType,
  StaffFollowUpType,
  StaffRenderType,
  type Survey,
  type SurveyInput,
  SurveyType,
  surveySchema,
  TopicType,
  VoucherType,
} from '@venue-voice/domain';
import { bistroQuestions } from './demo-bistro-questions';

/** A demo survey as the seed stores it; the columns repeat what the definition says so SQL can filter. */
export interface DemoSurvey {
  id: number;
  slug: string;
  name: string;
  templateLocale: Survey['templateLocale'];
  eposEnabled: boolean;
  showPinScreen: boolean;
  tableNumberEntry: boolean;
  branchIds: number[];
  definition: Survey;
  questions: Question[];
}

const noRule = { indicatorId: null, scoreRequired: null, lowerBound: true, strict: false };
const maxima = (other: number, drilldown: number, menuInsight: number) => ({
  other: { maximum: other, indicatorRule: noRule },
  contextSensitive: { maximum: 2, indicatorRule: noRule },
  productRelated: { maximum: 2, indicatorRule: noRule },
  drilldown: { maximum: drilldown, maximumPerIndicator: 2, indicatorRule: noRule },
  menuInsight: { maximum: menuInsight, indicatorRule: noRule },
});

const rating = (id: number, name: string, weight: number) => ({
  id,
  name,
  kind: IndicatorKind.SURVEY_RATING,
  weight,
  isRequired: true,
  trueMin: 1,
  trueMax: 5,
  csatWeight: 1,
  topics: [
    { id: id * 10 + 1, name: `${name}: compliment`, type: TopicType.COMPLIMENT },
    { id: id * 10 + 2, name: `${name}: complaint`, type: TopicType.COMPLAINT },
  ],
});

const bistro: SurveyInput = {
  templateId: 1,
  surveyId: 1001,
  surveyTypeId: SurveyType.FOOD_AND_DRINK,
  slug: 'demo-bistro',
  name: 'Demo Bistro',
  templateLocale: 'en-gb',
  labels: [{ ref: 'welcome', type: 'text', text: 'Thank you for dining with us' }],
  eposEnabled: true,
  showPinScreen: true,
  tableNumberEntry: false,
  maximumQuestionCount: 20,
  averageServiceTime: 75,
  sections: [
    { id: 'ratings', name: 'Ratings', weight: 100, title: 'How was your visit?' },
    { id: 'nps', name: 'Recommend', weight: 90, title: 'How likely are you to recommend us?' },
    { id: 'drilldowns', name: 'Tell us more', weight: 80, dependsOn: ['ratings', 'nps'], allowSkip: true },
    { id: 'menu', name: 'Your dishes', weight: 70, title: 'How were your dishes?', allowSkip: true },
    { id: 'staff', name: 'Our team', weight: 60, title: 'Who looked after you?', allowSkip: true },
    { id: 'questions', name: 'A few questions', weight: 50 },
    { id: 'comments', name: 'Comments', weight: 40, title: 'Anything else?', allowSkip: true },
  ],
  indicatorsRenderType: IndicatorRenderType.EMOJI,
  indicators: [
    rating(1, 'Food', 100),
    rating(2, 'Service', 90),
    rating(3, 'Atmosphere', 80),
    rating(4, 'Value for money', 70),
    {
      id: 5,
      name: 'Recommend',
      kind: IndicatorKind.NPS,
      weight: 60,
      isRequired: true,
      trueMin: 0,
      trueMax: 10,
      csatWeight: 0,
    },
    {
      id: 6,
      name: 'Overall satisfaction',
      kind: IndicatorKind.CSAT,
      weight: 50,
      isRequired: false,
      trueMin: 1,
      trueMax: 5,
      csatWeight: 2,
    },
  ],
  // Seven 'other' questions: six on 'A few questions' (the services list among them) and the comments.
  maxima: maxima(7, 4, 1),
  staffSelector: {
    enabled: true,
    indicatorRule: { indicatorId: 2, scoreRequired: 4, lowerBound: true, strict: false },
    renderType: StaffRenderType.SELECT,
    followup: StaffFollowUpType.BOTH,
    tags: [
      { id: 1, text: 'Friendly' },
      { id: 2, text: 'Attentive' },
      { id: 3, text: 'Knowledgeable' },
      { id: 4, text: 'Quick' },
    ],
    filters: [
      { id: 'front', label: 'Front of house', teamId: 1 },
      { id: 'bar', label: 'Bar', teamId: 2 },
    ],
  },
  managerFeedback: {
    enabled: true,
    indicatorRule: { indicatorId: 2, scoreRequired: 2, lowerBound: false, strict: false },
  },
  aiRecommendation: { suggestionsEnabled: true },
  recommendation: {
    enabled: true,
    indicatorRule: { indicatorId: 5, scoreRequired: 9, lowerBound: true, strict: false },
  },
  // The demo venue is made up, so its review pages are the sites' own review entry points.
  reviewSites: [
    { type: SocialType.TRIPADVISOR, url: 'https://www.tripadvisor.co.uk/UserReviewEdit' },
    { type: SocialType.GOOGLE, url: 'https://search.google.com/local/writereview?placeid=demo-bistro' },
    { type: SocialType.FACEBOOK, url: 'https://www.facebook.com/reviews' },
  ],
  dataCapture: { enabled: true },
  vouchers: [
    {
      id: 1,
      type: VoucherType.INCENTIVE,
      name: '10% off your next visit',
      description: 'Show this code when you order.',
      chance: null,
      expiryDays: 30,
    },
    {
      id: 2,
      type: VoucherType.INSTANT_WIN,
      name: 'A free dessert',
      description: 'You won! Show this code to your server.',
      chance: 10,
      expiryDays: 14,
    },
  ],
  branding: {
    font: 'Poppins',
    primaryColour: '#1f3a5f',
    secondaryColour: '#f4efe6',
    accentColour: '#c8553d',
    errorColour: '#b00020',
    // A file of the web app's (apps/web/public/demo): the header shows it beside the venue's name.
    logoImage: '/demo/demo-bistro-logo.svg',
  },
};

const cafe: SurveyInput = {
  templateId: 2,
  surveyId: 1002,
  surveyTypeId: SurveyType.COFFEE,
  slug: 'demo-cafe',
  name: 'Demo Café',
  templateLocale: 'en-gb',
  eposEnabled: false,
  showPinScreen: false,
  tableNumberEntry: true,
  maximumQuestionCount: 5,
  averageServiceTime: 30,
  sections: [
    { id: 'ratings', name: 'Ratings', weight: 100, title: 'How was your coffee?' },
    { id: 'comments', name: 'Comments', weight: 50, allowSkip: true },
  ],
  indicatorsRenderType: IndicatorRenderType.RATING,
  indicators: [rating(11, 'Coffee', 100), rating(12, 'Service', 90)],
  maxima: maxima(1, 0, 0),
  staffSelector: { enabled: false, renderType: StaffRenderType.TEXT, followup: StaffFollowUpType.NONE },
  managerFeedback: { enabled: false },
  aiRecommendation: { suggestionsEnabled: false },
  recommendation: { enabled: false },
  dataCapture: { enabled: false },
  branding: { primaryColour: '#4b2e1e', accentColour: '#d9a441' },
};

/** The one free-text question of the short surveys (café, table service), in their comments section. */
const betterQuestion = (id: number, templateId: number): QuestionInput => ({
  id,
  templateId,
  sectionId: 'comments',
  questionType: QuestionType.OTHER,
  otherQuestionsFormat: QuestionFormat.TEXT_MULTIPLE,
  commentMode: 'comment',
  text: 'Anything we could do better?',
  txAskQuestion: AskQuestionWhen.ALWAYS,
});

const cafeQuestions: QuestionInput[] = [betterQuestion(201, 2)];

/**
 * The table path end to end (decision 0175): table-number entry on a survey with EPOS, so the number is
 * looked up (table 12 at Soho has an open check) and every table answer of the catalogue can show.
 * demo-cafe stays api.md's café without EPOS, whose table number is only recorded.
 */
const table: SurveyInput = {
  templateId: 3,
  surveyId: 1003,
  surveyTypeId: SurveyType.FOOD_AND_DRINK,
  slug: 'demo-table',
  name: 'Demo Table Service',
  templateLocale: 'en-gb',
  eposEnabled: true,
  showPinScreen: false,
  tableNumberEntry: true,
  maximumQuestionCount: 5,
  averageServiceTime: 60,
  sections: [
    { id: 'ratings', name: 'Ratings', weight: 100, title: 'How was your meal?' },
    { id: 'comments', name: 'Comments', weight: 50, allowSkip: true },
  ],
  indicatorsRenderType: IndicatorRenderType.EMOJI,
  indicators: [rating(21, 'Food', 100), rating(22, 'Service', 90)],
  maxima: maxima(1, 0, 0),
  staffSelector: { enabled: false, renderType: StaffRenderType.TEXT, followup: StaffFollowUpType.NONE },
  managerFeedback: { enabled: false },
  aiRecommendation: { suggestionsEnabled: false },
  recommendation: { enabled: false },
  dataCapture: { enabled: false },
  branding: { primaryColour: '#1f3a5f', accentColour: '#c8553d' },
};

const tableQuestions: QuestionInput[] = [betterQuestion(301, 3)];

const demoSurvey = (input: SurveyInput, questions: QuestionInput[], branchIds: number[]): DemoSurvey => {
  const definition = surveySchema.parse(input);
  return {
    id: definition.templateId,
    slug: definition.slug,
    name: definition.name,
    templateLocale: definition.templateLocale,
    eposEnabled: definition.eposEnabled,
    showPinScreen: definition.showPinScreen,
    tableNumberEntry: definition.tableNumberEntry,
    branchIds,
    definition,
    questions: questions.map((question) => questionSchema.parse(question)),
  };
};

/**
 * The two demo surveys of api.md, demo-bistro (every question type, EPOS, PIN screen) and demo-cafe, and
 * demo-table (table numbers looked up) at Soho and the pop-up.
 */
export const DEMO_SURVEYS: DemoSurvey[] = [
  demoSurvey(bistro, bistroQuestions, [1, 2]),
  demoSurvey(cafe, cafeQuestions, [1, 2]),
  demoSurvey(table, tableQuestions, [1, 3]),
];
