/**
 * Every enumeration of guest-flow.md §3 and device-mode.md §9, named as the specs name them.
 * Each is a frozen object plus the union type of its values.
 */
type ValueOf<T> = T[keyof T];

export const UpdateState = { UNKNOWN: 0, DONE: 1, PENDING: 2, IN_PROGRESS: 3 } as const;
export type UpdateState = ValueOf<typeof UpdateState>;

export const TeamMemberStatus = { INACTIVE: 0, ACTIVE: 1 } as const;
export type TeamMemberStatus = ValueOf<typeof TeamMemberStatus>;

export const CheckoutMode = {
  UNKNOWN: 0,
  JUST_CONTACT: 1,
  COMPLAINED: 2,
  INCENTIVE: 3,
  NO_INCENTIVE: 4,
} as const;
export type CheckoutMode = ValueOf<typeof CheckoutMode>;

export const SurveyMode = { NORMAL: 1, STAFF: 3, TABLET: 4, QUICK_SURVEY: 5, AUDIT: 7 } as const;
export type SurveyMode = ValueOf<typeof SurveyMode>;

export const QuestionType = {
  DRILLDOWN: 1,
  CONTEXT: 2,
  PRODUCT: 3,
  OTHER: 4,
  MENU: 5,
  DRILLDOWN_PLUS: 6,
  PRODUCT_SCORECARD: 7,
  MENU_INSIGHT: 8,
} as const;
export type QuestionType = ValueOf<typeof QuestionType>;

export const QuestionFormat = {
  ONE_DROPDOWN: 1,
  ONE_RADIO: 2,
  ONE_CHECKBOX: 3,
  YES_NO_WHY: 4,
  TEXT_SINGLE: 5,
  TEXT_MULTIPLE: 6,
} as const;
export type QuestionFormat = ValueOf<typeof QuestionFormat>;

export const AuditAction = {
  CONFIRM_FLAGGED: 1,
  UNFLAG: 2,
  FLAG: 3,
  COMPLETE: 4,
  OPEN: 5,
  DELETE: 6,
  COMMENT: 7,
} as const;
export type AuditAction = ValueOf<typeof AuditAction>;

export const TopicType = { COMPLIMENT: 1, COMPLAINT: 2, QUERY: 3 } as const;
export type TopicType = ValueOf<typeof TopicType>;

/** Voucher subpurpose (device spec) = voucher type (guest spec). */
export const VoucherType = { INCENTIVE: 1, INSTANT_WIN: 2 } as const;
export type VoucherType = ValueOf<typeof VoucherType>;

export const VoucherCodeState = { UNUSED: 1, USED: 2, DELETED: 4 } as const;
export type VoucherCodeState = ValueOf<typeof VoucherCodeState>;

export const DemographicType = {
  GENDER: 1,
  AGE: 2,
  VISIT_PURPOSE: 3,
  VISIT_FREQUENCY: 4,
  POSTCODE: 5,
} as const;
export type DemographicType = ValueOf<typeof DemographicType>;

export const SocialType = {
  TRIPADVISOR: 1,
  FACEBOOK: 2,
  GOOGLE: 3,
  TWITTER: 4,
  INSTAGRAM: 5,
  HOSTELWORLD: 6,
  PILLOWTALK: 7,
  AIRBNB: 8,
  BOOKING: 9,
} as const;
export type SocialType = ValueOf<typeof SocialType>;

export const SurveyType = {
  FOOD_AND_DRINK: 1,
  ACCOMMODATION: 2,
  FUNCTIONS: 3,
  AUDIT: 4,
  DELIVERY: 6,
  TAKEAWAY: 7,
  COFFEE: 8,
} as const;
export type SurveyType = ValueOf<typeof SurveyType>;

export const PveSource = { WIRELESS_SOCIAL: 1, ZONAL_LOYALTY: 2, LIVERES: 3 } as const;
export type PveSource = ValueOf<typeof PveSource>;

export const EposProductType = { FOOD: 1, DRINK: 2, OTHER: 3 } as const;
export type EposProductType = ValueOf<typeof EposProductType>;

export const MenuInsightMode = { TYPE: 1, FAMILY_GROUP: 2, MAJOR_GROUP: 3 } as const;
export type MenuInsightMode = ValueOf<typeof MenuInsightMode>;

export const AskQuestionWhen = { ALWAYS: 0, WHEN_TRANSACTION: 1, WHEN_NO_TRANSACTION: 2 } as const;
export type AskQuestionWhen = ValueOf<typeof AskQuestionWhen>;

export const IndicatorRenderType = { EMOJI: 0, RATING: 1, CUSTOM_RATING: 2, CUSTOM_EMOJI: 3 } as const;
export type IndicatorRenderType = ValueOf<typeof IndicatorRenderType>;

export const StaffRenderType = { TEXT: 0, SELECT: 1 } as const;
export type StaffRenderType = ValueOf<typeof StaffRenderType>;

export const StaffFollowUpType = { NONE: 0, TAGS: 1, TEXT: 2, BOTH: 3 } as const;
export type StaffFollowUpType = ValueOf<typeof StaffFollowUpType>;

export const IndicatorKind = { SURVEY_RATING: 1, NPS: 2, CSAT: 3, REVIEW_RATING: 4 } as const;
export type IndicatorKind = ValueOf<typeof IndicatorKind>;

/** Menu-insight dish rating (G3): 1 bad, 2 neutral, 3 good. */
export const AspectRating = { BAD: 1, NEUTRAL: 2, GOOD: 3 } as const;
export type AspectRating = ValueOf<typeof AspectRating>;

/** Reason mode of an aspect rating (G3 lists 0/1/2 without naming them). */
export const ReasonMode = [0, 1, 2] as const;
export type ReasonMode = (typeof ReasonMode)[number];

export const RunMode = { APK: 'apk', PWA: 'pwa', WEB: 'web' } as const;
export type RunMode = ValueOf<typeof RunMode>;

/** Client mode, sent as X-Auth-Type. */
export const AuthType = { WEB: 'web', APP: 'app' } as const;
export type AuthType = ValueOf<typeof AuthType>;

/** Score direction of NPS/CSAT drill-down thresholds: 'g' greater, anything else lower. */
export const ScoreDirection = { GREATER: 'g', LOWER: 'l' } as const;
export type ScoreDirection = ValueOf<typeof ScoreDirection>;

/** Context filter types of G4 (unknown types pass). */
export const ContextFilterType = {
  NUMBER_IN_PARTY: 'numberInParty',
  TOTAL_SPENT: 'totalSpent',
  AVERAGE_SPENT_PER_HEAD: 'averageSpentPerHead',
  TIME_OF_DAY: 'timeOfDay',
  DAY_OF_WEEK: 'dayOfWeek',
} as const;
export type ContextFilterType = ValueOf<typeof ContextFilterType>;

/** Queued response types of D3. */
export const QueuedRequestType = {
  SUBMIT: 'submit',
  UPLOAD: 'upload',
  DELETE_UPLOAD: 'deleteUpload',
  TRACK: 'track',
} as const;
export type QueuedRequestType = ValueOf<typeof QueuedRequestType>;

/** Submit payload types. */
export const SubmitType = { CREATE: 'create', SUPPLEMENT: 'supplement' } as const;
export type SubmitType = ValueOf<typeof SubmitType>;

/** Track action names of D3. */
export const TrackAction = [
  'shared_email',
  'shared_twitter',
  'shared_tripadvisor',
  'shared_facebook',
  'shared_uploaded_image',
] as const;
export type TrackAction = (typeof TrackAction)[number];

/** Config sections (edges) of survey.config; `staff` answers PIN codes in app mode only (decision 0011). */
export const ConfigEdge = [
  'branch',
  'complaints',
  'core',
  'data_capture',
  'demographics',
  'statics',
  'surveys',
  'questions',
  'staff',
] as const;
export type ConfigEdge = (typeof ConfigEdge)[number];

/** Menu query and export edges. */
export const MenuEdge = ['products', 'family_groups', 'major_groups'] as const;
export type MenuEdge = (typeof MenuEdge)[number];

/** PIN types of survey.transaction. */
export const PinType = { PIN: 'pin', PVE: 'pve' } as const;
export type PinType = ValueOf<typeof PinType>;

export const Language = ['en-gb', 'de', 'it', 'es'] as const;
export type Language = (typeof Language)[number];

/** Age-consent labels of G5. */
export const AgeConsent = ['none', '13', '16', '18', '21'] as const;
export type AgeConsent = (typeof AgeConsent)[number];
