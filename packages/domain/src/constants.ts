/** Business constants and limits of guest-flow.md §9 and device-mode.md §9. */

export const APP_VERSION = '0.8.16';
export const DEFAULT_LANGUAGE = 'en-gb';
export const DEFAULT_CURRENCY = 'GBP';
export const CURRENCY_DECIMALS = 2;
export const BYTE_FORMAT_BASE = 1000;

// Ratings
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const RATING_SHORT_LIST = [2, 3, 4] as const;
export const RATING_NO_NEUTRAL_LIST = [2, 4] as const;
export const MENU_INSIGHT_RATING_MIN = 1;
export const MENU_INSIGHT_RATING_MAX = 3;
export const DEFAULT_NUMBER_STARS = 5;
export const STAR_SIZE = '3.5em';
export const SLIDER_MIN = 0;
export const SLIDER_MAX = 10;
/** NPS/score slider colours: red below 70 %, yellow from 70 %, green from 90 %. */
export const SLIDER_YELLOW_FROM = 0.7;
export const SLIDER_GREEN_FROM = 0.9;

// Device registration and passcodes (D5, D9)
export const SETTINGS_PASSCODE_MIN = 3;
export const SETTINGS_PASSCODE_MAX = 5;
export const STAFF_PIN_MIN = 3;
export const STAFF_PIN_MAX = 5;
/**
 * PBKDF2-SHA256 rounds of a staff PIN verifier (decision 0197): about 25 ms on the server, 50–100 ms for
 * one sign-in on a tablet. It slows a guesser by that much per try; it cannot make 111,000 PINs safe.
 */
export const PIN_VERIFIER_ITERATIONS = 60_000;
export const DEVICE_PASSCODE_LENGTH = 5;
export const COMPANY_KEY_MAX = 32;
export const BRANCH_ID_MAX = 12;
export const DEVICE_ID_MIN = 3;
export const DEVICE_ID_MAX = 64;

// Team members
export const WEIGHT_MIN = 0;
export const WEIGHT_MAX = 100;
export const WEIGHT_DEFAULT = 50;
/**
 * A member's display and full name at most (D5.22; the spec gives none): the display name shows on a
 * tile and in "Signed in: …", the full name in lists; longer was only ever an attack (issue 27).
 */
export const STAFF_DISPLAY_NAME_MAX = 50;
export const STAFF_FULL_NAME_MAX = 100;
/** The synthetic team appended to team listings. */
export const NONE_TEAM_ID = 0;
export const NONE_TEAM_NAME = 'None';

// Uploads
export const PHOTO_MAX_BYTES = 10_000_000;
/**
 * ISO base media (ftyp) brands of HEIF/HEIC stills and sequences, HEVC-coded: the web app converts
 * them before the upload, the server refuses them (it decodes no HEIF). AVIF brands apart: an AVIF
 * is HEIF with AV1 inside, and also lists `mif1`.
 */
export const HEIC_BRANDS: readonly string[] = [
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'mif1',
  'msf1',
];
export const AVIF_BRANDS: readonly string[] = ['avif', 'avis'];

// Text fields
export const POSTCODE_MAX = 10;
/** A table number has at most this many digits, leading zeros aside (G5.26, decision 0175). */
export const TABLE_NUMBER_MAX_DIGITS = 4;
export const COMMENT_ROWS = 4;
export const EMAIL_MIN = 6;
export const EMAIL_MAX = 254;
export const EMAIL_LOCAL_MAX = 64;
export const EMAIL_LABEL_MAX = 63;
export const EMAIL_TLD_MIN = 2;
export const EMAIL_TLD_MAX = 63;
/** Leap year used to check a DD/MM birthday or anniversary (so 29/02 is valid). */
export const BIRTHDAY_CHECK_YEAR = 1904;

// Timing (ms unless named otherwise)
export const POLLING_INTERVAL_MS = 300_000;
export const POST_NAVIGATION_DELAY_MS = 50;
export const UPLOAD_ATTEMPTS = 4;
export const UPLOAD_RETRY_WAIT_MS = 3000;
export const CONNECTIVITY_WAIT_CHECKS = 150;
export const CONNECTIVITY_WAIT_INTERVAL_MS = 100;
export const SENDING_FLAG_RESET_MS = 1000;
export const TOAST_DEFAULT_MS = 3000;
/** A toast timeout of 0 keeps it on screen until dismissed. */
export const TOAST_STICKY = 0;
export const APP_UPDATED_BANNER_MS = 5000;
export const ERROR_QUEUE_DELAY_MS = 200;
export const BUILD_CONFIG_TIMEOUT = 150;
/** 0 means no time-out on API calls (both specs §7). */
export const API_TIMEOUT = 0;

// Menu
export const MENU_LOOKUP_LIMIT = 200;
export const MENU_EXISTS_LIMIT = 1;
export const MENU_EXPORT_LIMIT = 2500;
export const MENU_DEFAULT_LIMIT = 100;
export const MENU_LIST_PAGE_SIZE = 25;
export const SEARCH_MIN_CHARS = 3;
/** Device spec: 500 ms. The guest spec gives 500 and 1000 in two readings; see docs/decisions. */
export const SEARCH_DEBOUNCE_MS = 500;
/** Ref of the synthetic major group for products with a family group and no major group (D3). */
export const MISC_MAJOR_GROUP_REF = 'misc';

// Sync
export const DEFAULT_SYNC_CRON = '20 5 * * *';
export const DEFAULT_SYNC_SPREAD_S = 1800;

// Consent and privacy
export const COOKIE_CONSENT_DAYS = 90;
export const COOKIE_CONSENT_STORAGE_KEY = 'guest-app-cookie-consent';
export const CONTACT_DATA_RETENTION_DAYS = 7;
export const PRIVACY_NOTICE_VERSION = '2.6';
export const PRIVACY_NOTICE_DATE = '2025-03';

// Layout
export const TITLE_FONT_MIN_PX = 12;
export const MODAL_BUTTON_MAX_WIDTH_PX = 480;
export const LOGO_WIDTH_PX = 114;
export const SCRATCH_CARD_WIDTH = 480;
export const SCRATCH_CARD_HEIGHT = 240;
export const SCRATCH_REVEAL_FRACTION = 0.5;
export const DEFAULT_FONT_FAMILY = 'Poppins';

// Sharing summary (G9)
export const SHARE_SUMMARY_MAX_ITEMS = 5;
export const SHARE_SUMMARY_COMPACT_ITEMS = 4;
export const SHARE_WEIGHTS = {
  rating: 50,
  emoji: 50,
  service: 50,
  avatar: 50,
  grade: 50,
  comments: 100,
  indicators: 90,
  staff: 95,
} as const;

// Date-time picker
export const TIME_PICKER_HOURS = 12;
export const TIME_PICKER_MINUTE_STEP = 15;
/** ISO weekday the calendar week starts on (Monday). */
export const WEEK_STARTS_ON = 1;

/** Longest name and phone number a guest's contact details take (supplement payload and form, G5). */
export const CONTACT_NAME_MAX = 200;
export const CONTACT_PHONE_MAX = 32;
/** Longest answer to a demographic field in the create payload (a postcode field: POSTCODE_MAX, G5.24). */
export const DEMOGRAPHIC_VALUE_MAX = 200;
