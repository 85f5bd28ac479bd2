import {
  branchListingSchema,
  type SurveyInput,
  surveySchema,
  type WebConfigResponse,
  webConfigResponseSchema,
} from '@venue-voice/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CheckinConfig, checkBranches, checkCheckinConfig } from './checkin-answers';

/** A survey of the `surveys` edge as the server sends it (no defaults written out). */
const survey = (over: Partial<Record<string, unknown>> = {}): Record<string, unknown> => ({
  templateId: 1,
  surveyId: 1,
  surveyTypeId: 1,
  slug: 'demo-bistro',
  name: 'Demo Bistro',
  templateLocale: 'en-gb',
  eposEnabled: true,
  showPinScreen: true,
  tableNumberEntry: false,
  maximumQuestionCount: 10,
  averageServiceTime: 60,
  sections: [],
  indicatorsRenderType: 1,
  indicators: [],
  maxima: {
    other: { maximum: 1 },
    contextSensitive: { maximum: 1 },
    productRelated: { maximum: 1 },
    drilldown: { maximum: 1, maximumPerIndicator: 1 },
    menuInsight: { maximum: 1 },
  },
  staffSelector: { enabled: false, renderType: 1, followup: 1 },
  managerFeedback: { enabled: false },
  aiRecommendation: { suggestionsEnabled: false },
  recommendation: { enabled: false },
  dataCapture: { enabled: true },
  branding: { primaryColour: '#123456', logoImage: '/assets/logo.png', font: 'Inter' },
  ...over,
});

const config = (over: Partial<Record<string, unknown>> = {}): Record<string, unknown> => ({
  core: {
    company: { keyName: 'demo', name: 'Demo Hospitality Group' },
    schedules: [{ what: 'config', when: '0 3 * * *', spread: 600 }],
    features: { digitalReceipt: true },
  },
  surveys: [survey()],
  questions: [],
  statics: {
    privacyNoticeVersion: '2',
    privacyPolicyUrl: 'https://example.com/privacy',
    copyright: '© Demo',
    contactDataRetentionDays: 365,
  },
  ...over,
});

/** What the check-in screens read of a config: the fields the hand check covers. */
const checkinPart = (value: CheckinConfig | WebConfigResponse) => ({
  core: value.core,
  statics: value.statics,
  surveys: value.surveys?.map((s) => ({
    templateId: s.templateId,
    name: s.name,
    templateLocale: s.templateLocale,
    eposEnabled: s.eposEnabled,
    showPinScreen: s.showPinScreen,
    tableNumberEntry: s.tableNumberEntry,
    aboutVisitEnabled: s.aboutVisitEnabled,
    averageServiceTime: s.averageServiceTime,
    branding: s.branding,
  })),
});

/** The hand check and the schema agree: both accept with the same check-in fields, or both refuse. */
const expectConfigAgreement = (data: unknown) => {
  const zod = webConfigResponseSchema.safeParse(data);
  const hand = checkCheckinConfig(data);
  // The hand check covers part of the answer: it may accept what the schema refuses elsewhere, never
  // the reverse, and on what it covers it reads the same values.
  if (zod.success) {
    expect(hand.ok, JSON.stringify(hand)).toBe(true);
    if (hand.ok) expect(checkinPart(hand.value)).toStrictEqual(checkinPart(zod.data));
  }
  return hand;
};

const surveyField = (value: unknown) => survey({ name: value });

describe('client: the check-in config read without zod (decision 0078)', () => {
  it('reads the check-in fields as the schema does, defaults included, and keeps the rest', () => {
    const data = config({ surveys: [survey({ aboutVisitEnabled: undefined, branding: undefined })] });
    const hand = expectConfigAgreement(data);
    expect(hand.ok && hand.value.surveys?.[0]).toMatchObject({ aboutVisitEnabled: true, branding: {} });
    // The questions are still there for the full parse, untouched.
    expect(hand.ok && (hand.value as Record<string, unknown>).questions).toEqual([]);
  });

  it.each<[string, unknown]>([
    ['an answer with no edges', {}],
    ['only core', { core: config().core }],
    ['no surveys', config({ surveys: [] })],
    ['two surveys', config({ surveys: [survey(), survey({ templateId: 2, eposEnabled: false })] })],
    [
      'branding with every part',
      config({
        surveys: [
          survey({
            branding: {
              accentColour: '#abc',
              errorColour: '#AABBCCDD',
              secondaryColour: '#000000',
              headerImage: 'https://cdn.example/h.png',
              backgroundImage: '/b.png',
              font: 'x'.repeat(64),
            },
          }),
        ],
      }),
    ],
  ])('accepts %s as the schema does', (_name, data) => {
    expect(webConfigResponseSchema.safeParse(data).success).toBe(true);
    expect(expectConfigAgreement(data).ok).toBe(true);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['a list', []],
    ['text', 'config'],
    ['surveys as an object', config({ surveys: {} })],
    ['surveys null', config({ surveys: null })],
    ['core null', config({ core: null })],
    [
      'a company without a name',
      config({ core: { ...(config().core as object), company: { keyName: 'demo' } } }),
    ],
    [
      'a schedule with a negative spread',
      config({ core: { ...(config().core as object), schedules: [{ what: 'a', when: 'b', spread: -1 }] } }),
    ],
    [
      'digitalReceipt as text',
      config({ core: { ...(config().core as object), features: { digitalReceipt: 'yes' } } }),
    ],
    [
      'retention days of 0',
      config({ statics: { ...(config().statics as object), contactDataRetentionDays: 0 } }),
    ],
    [
      'retention days fractional',
      config({ statics: { ...(config().statics as object), contactDataRetentionDays: 1.5 } }),
    ],
    [
      'statics without copyright',
      config({ statics: { privacyNoticeVersion: '1', privacyPolicyUrl: '', contactDataRetentionDays: 1 } }),
    ],
    ['a survey that is null', config({ surveys: [null] })],
    ['a name that is not text', config({ surveys: [surveyField(5)] })],
    ['a missing name', config({ surveys: [surveyField(undefined)] })],
    ['an unknown language', config({ surveys: [survey({ templateLocale: 'fr' })] })],
    ['a negative template id', config({ surveys: [survey({ templateId: -1 })] })],
    ['a fractional template id', config({ surveys: [survey({ templateId: 1.5 })] })],
    ['a template id past the safe integers', config({ surveys: [survey({ templateId: 2 ** 53 })] })],
    ['eposEnabled as a number', config({ surveys: [survey({ eposEnabled: 1 })] })],
    ['aboutVisitEnabled null', config({ surveys: [survey({ aboutVisitEnabled: null })] })],
    ['a negative service time', config({ surveys: [survey({ averageServiceTime: -5 })] })],
    ['branding null', config({ surveys: [survey({ branding: null })] })],
    ['a colour by name', config({ surveys: [survey({ branding: { primaryColour: 'red' } })] })],
    ['a colour with CSS after it', config({ surveys: [survey({ branding: { accentColour: '#fff;x:y' } })] })],
    ['a script logo', config({ surveys: [survey({ branding: { logoImage: 'javascript:alert(1)' } })] })],
    ['a logo with a quote', config({ surveys: [survey({ branding: { logoImage: '/a"b.png' } })] })],
    ['a font of 65 characters', config({ surveys: [survey({ branding: { font: 'x'.repeat(65) } })] })],
  ])('refuses %s as the schema does', (_name, data) => {
    expect(webConfigResponseSchema.safeParse(data).success).toBe(false);
    const hand = checkCheckinConfig(data);
    expect(hand.ok).toBe(false);
    if (!hand.ok) expect(hand.issues[0]).toMatch(/^data/);
  });

  it('agrees with the schema on generated changes to the check-in fields', () => {
    const anyValue = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.boolean(),
      fc.integer({ min: -3, max: 3 }),
      fc.double(),
      fc.constantFrom(2 ** 53, 1.5, 0, 65, 'en-gb', 'de', 'xx', '#fff', '#12345', '/logo.png', 'data:x', ''),
      fc.string({ maxLength: 70 }),
      fc.constant({}),
      fc.constant([]),
    );
    const surveyKeys = fc.constantFrom(
      'templateId',
      'name',
      'templateLocale',
      'eposEnabled',
      'showPinScreen',
      'tableNumberEntry',
      'aboutVisitEnabled',
      'averageServiceTime',
      'branding',
    );
    const brandingKeys = fc.constantFrom('font', 'accentColour', 'primaryColour', 'logoImage', 'headerImage');
    fc.assert(
      fc.property(surveyKeys, anyValue, brandingKeys, anyValue, (key, value, brandingKey, brandingValue) => {
        const base = survey();
        const data = config({
          surveys: [
            {
              ...base,
              [key]: value,
              branding: { ...(base.branding as object), [brandingKey]: brandingValue },
            },
          ],
        });
        const zod = webConfigResponseSchema.safeParse(data);
        const hand = checkCheckinConfig(data);
        // Only check-in fields change here, so the two must say the same thing.
        expect(hand.ok).toBe(zod.success);
        if (hand.ok && zod.success) expect(checkinPart(hand.value)).toStrictEqual(checkinPart(zod.data));
      }),
      { numRuns: 400 },
    );
  });

  it('a survey the schema makes is read the same (schema output as input)', () => {
    const parsed = surveySchema.parse(survey() as SurveyInput);
    expectConfigAgreement(config({ surveys: [parsed] }));
  });
});

const branch = (over: Partial<Record<string, unknown>> = {}): Record<string, unknown> => ({
  id: 1,
  name: 'Demo Bistro Manchester',
  locationId: 'LOC1',
  siteId: null,
  hashCode: null,
  enableStaffPinCodes: false,
  latitude: 53.48,
  longitude: -2.24,
  address: '1 High Street',
  distance: null,
  ...over,
});

const expectBranchAgreement = (data: unknown) => {
  const zod = branchListingSchema.array().safeParse((data as { branches?: unknown } | null)?.branches);
  const wellFormed = typeof data === 'object' && data !== null && !Array.isArray(data);
  const hand = checkBranches(data);
  expect(hand.ok).toBe(wellFormed && zod.success);
  if (hand.ok && zod.success) expect(hand.value.branches).toStrictEqual(zod.data);
};

describe('client: survey.branch read without zod (decision 0078)', () => {
  it.each<[string, unknown]>([
    [
      'two branches, extra keys dropped',
      { branches: [branch({ extra: 1 }), branch({ id: 2, distance: 1200.5 })] },
    ],
    ['no branches', { branches: [] }],
    [
      'the poles and the date line',
      { branches: [branch({ latitude: -90, longitude: 180 }), branch({ latitude: 90, longitude: -180 })] },
    ],
    ['a distance of 0', { branches: [branch({ distance: 0 })] }],
    ['id 0', { branches: [branch({ id: 0 })] }],
    ['a fractional id', { branches: [branch({ id: 1.5 })] }],
    ['a latitude past 90', { branches: [branch({ latitude: 90.01 })] }],
    ['a longitude past -180', { branches: [branch({ longitude: -180.5 })] }],
    ['a negative distance', { branches: [branch({ distance: -1 })] }],
    ['an infinite distance', { branches: [branch({ distance: Number.POSITIVE_INFINITY })] }],
    ['a missing siteId (not null)', { branches: [branch({ siteId: undefined })] }],
    ['a name that is null', { branches: [branch({ name: null })] }],
    ['enableStaffPinCodes as text', { branches: [branch({ enableStaffPinCodes: 'false' })] }],
    ['branches null', { branches: null }],
    ['no branches key', {}],
    ['null', null],
  ])('agrees with branchListingSchema on %s', (_name, data) => {
    expectBranchAgreement(data);
  });

  it('agrees on generated branches', () => {
    const keys = fc.constantFrom(
      'id',
      'name',
      'locationId',
      'siteId',
      'hashCode',
      'enableStaffPinCodes',
      'latitude',
      'longitude',
      'address',
      'distance',
    );
    const anyValue = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      fc.boolean(),
      fc.integer({ min: -200, max: 200 }),
      fc.double(),
      fc.string({ maxLength: 5 }),
      fc.constant({}),
    );
    fc.assert(
      fc.property(keys, anyValue, (key, value) => {
        expectBranchAgreement({ branches: [branch({ [key]: value })] });
      }),
      { numRuns: 400 },
    );
  });
});
