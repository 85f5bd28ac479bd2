import {
  CONTACT_DATA_RETENTION_DAYS,
  type ComplaintsSection,
  type CoreSection,
  type DataCaptureSection,
  DEFAULT_SYNC_CRON,
  DEFAULT_SYNC_SPREAD_S,
  type DemographicsSection,
  DemographicType,
  PRIVACY_NOTICE_VERSION,
  type StaticsSection,
} from '@venue-voice/domain';
import { demoProduct } from './demo-menu';

/** The demo company of api.md; these values are a contract for tests and demos. */
export const DEMO_COMPANY = { id: 1, key: 'demo', name: 'Demo Hospitality Group' };
export const DEMO_PASSCODE = 'demo1';

export const DEMO_BRANCHES = [
  {
    id: 1,
    name: 'Demo Bistro Soho',
    latitude: 51.5136,
    longitude: -0.1365,
    enableStaffPinCodes: true,
    address: '12 Greek Street, London W1D 4DL',
    locationId: 'LOC-SOHO',
    siteId: 'SITE-1',
    hashCode: 'soho-7f3a',
  },
  {
    id: 2,
    name: 'Demo Bistro Manchester',
    latitude: 53.4794,
    longitude: -2.2453,
    enableStaffPinCodes: false,
    address: '5 King Street, Manchester M2 4LQ',
    locationId: 'LOC-MCR',
    siteId: 'SITE-2',
    hashCode: 'mcr-2b9c',
  },
  // A venue whose till is not linked: its lookups find no EPOS account (NO-ACCOUNT). Only demo-table
  // runs here, so the demo can show that answer too (decision 0175).
  {
    id: 3,
    name: 'Demo Pop-up Shoreditch',
    latitude: 51.5246,
    longitude: -0.0784,
    enableStaffPinCodes: false,
    address: '1 Rivington Street, London EC2A 3DT',
    locationId: null,
    siteId: null,
    hashCode: 'pop-5d1e',
  },
];

export const DEMO_CONFIG: {
  schedules: CoreSection['schedules'];
  features: CoreSection['features'];
  complaints: ComplaintsSection;
  dataCapture: DataCaptureSection;
  demographics: DemographicsSection;
  statics: StaticsSection;
} = {
  schedules: [{ what: 'sync', when: DEFAULT_SYNC_CRON, spread: DEFAULT_SYNC_SPREAD_S }],
  features: { digitalReceipt: false },
  complaints: {
    enabled: true,
    categories: [
      { id: 1, name: 'Food quality' },
      { id: 2, name: 'Service' },
      { id: 3, name: 'Cleanliness' },
      { id: 4, name: 'Billing' },
    ],
  },
  dataCapture: {
    enabled: true,
    marketingPermissionText: 'I would like to hear about offers and events from Demo Hospitality Group.',
    ageConsent: '18',
    fields: ['name', 'email', 'phone', 'birthday', 'postcode'],
  },
  demographics: {
    fields: [
      {
        id: 1,
        type: DemographicType.GENDER,
        label: 'Gender',
        fieldType: 'select',
        required: false,
        options: [
          { id: 1, value: 'Female' },
          { id: 2, value: 'Male' },
          { id: 3, value: 'Non-binary' },
          { id: 4, value: 'Prefer not to say' },
        ],
      },
      {
        id: 2,
        type: DemographicType.AGE,
        label: 'Age',
        fieldType: 'select',
        required: false,
        options: [
          { id: 1, value: '18-24' },
          { id: 2, value: '25-34' },
          { id: 3, value: '35-44' },
          { id: 4, value: '45-54' },
          { id: 5, value: '55+' },
        ],
      },
      {
        id: 3,
        type: DemographicType.VISIT_PURPOSE,
        label: 'Purpose of visit',
        fieldType: 'select',
        required: false,
        options: [
          { id: 1, value: 'Business' },
          { id: 2, value: 'Celebration' },
          { id: 3, value: 'Casual dining' },
          { id: 4, value: 'Drinks' },
        ],
      },
      {
        id: 4,
        type: DemographicType.VISIT_FREQUENCY,
        label: 'How often do you visit?',
        fieldType: 'select',
        required: false,
        options: [
          { id: 1, value: 'First visit' },
          { id: 2, value: 'Monthly' },
          { id: 3, value: 'Weekly' },
          { id: 4, value: 'Rarely' },
        ],
      },
      {
        id: 5,
        type: DemographicType.POSTCODE,
        label: 'Postcode',
        fieldType: 'text',
        required: false,
        options: [],
      },
    ],
  },
  statics: {
    privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    privacyPolicyUrl: '/privacy',
    copyright: '© 2025 Demo Hospitality Group',
    contactDataRetentionDays: CONTACT_DATA_RETENTION_DAYS,
  },
};

export const DEMO_TEAMS = [
  { id: 1, name: 'Front of house' },
  { id: 2, name: 'Bar' },
  { id: 3, name: 'Kitchen' },
];

const member = (
  id: number,
  branchId: number,
  displayName: string,
  fullName: string,
  pinCode: string | null,
  teamId: number,
  extra: {
    status?: number;
    weight?: number;
    hasSettingsAccess?: boolean;
    gender?: string;
    type?: string;
  } = {},
) => ({
  id,
  branchId,
  displayName,
  fullName,
  pinCode,
  teamId,
  status: extra.status ?? 1,
  weight: extra.weight ?? 50,
  hasSettingsAccess: extra.hasSettingsAccess ?? false,
  gender: extra.gender ?? null,
  type: extra.type ?? null,
  tags: [] as { id: number; text: string }[],
});

export const DEMO_STAFF = [
  member(1, 1, 'Alex', 'Alex Morgan', '1111', 1, { hasSettingsAccess: true, weight: 90, type: 'manager' }),
  member(2, 1, 'Sam', 'Sam Patel', '2222', 2, { weight: 70, type: 'bartender' }),
  member(3, 1, 'Jo', 'Jo Williams', '3333', 3, { status: 0, type: 'chef' }),
  member(4, 1, 'Priya', 'Priya Shah', '4444', 1, { weight: 60, gender: 'female', type: 'server' }),
  member(5, 1, 'Tom', 'Tom Baker', '5555', 3, { weight: 40, gender: 'male', type: 'chef' }),
  member(6, 1, 'Mia', 'Mia Rossi', null, 1, { weight: 30, gender: 'female', type: 'server' }),
  member(7, 2, 'Chris', 'Chris Evans', '1111', 1, { hasSettingsAccess: true, weight: 90, type: 'manager' }),
  member(8, 2, 'Dana', 'Dana Kowalski', '2222', 2, { type: 'bartender' }),
  member(9, 2, 'Lee', 'Lee Chen', '3333', 1, { type: 'server' }),
];

/** A till line with its printed price (the digital receipt's price column). */
const line = (name: string, price: number) => {
  const p = demoProduct(name);
  return { menuItemObjectNumber: p.ref, menuItemName: p.name, type: p.type, price };
};

/**
 * Receipt PINs at branch 1 that have a transaction: 123456 (api.md) and, so that each end-to-end
 * journey can submit with a receipt of its own (a receipt backs one response, 10031), 123457–123466,
 * each the same closed check of 2 covers, 3 dishes and 2 drinks.
 */
export const DEMO_RECEIPT_PINS = ['123456', ...Array.from({ length: 10 }, (_, i) => String(123457 + i))];

/** A closed receipt like 123456's, opened 90 minutes before the seeding clock. */
const receipt = (id: number, pinCode: string, now: Date) => ({
  id,
  branchId: 1,
  pinCode,
  // Only the api.md receipt sits at a table; the extra ones are counter receipts.
  tableId: id === 1 ? '7' : null,
  checkId: id === 1 ? 'CHK-1001' : `CHK-${2000 + id}`,
  sourceType: null,
  covers: 2,
  subtotal: 71.5,
  avgSpentPerHead: 35.75,
  checkOpenTime: new Date(now.getTime() - 90 * 60_000),
  open: false,
  // The lines add up to the subtotal; 10% off, then 12.5% service on the rest (digital receipt).
  discount: 7.15,
  serviceCharge: 8.04,
  serverName: 'Priya',
  menuItems: [
    line('Tomato soup', 9),
    line('Beef burger', 24.5),
    line('Spaghetti carbonara', 21),
    line('Cola', 4.5),
    line('House red glass', 12.5),
  ],
});

/** Transaction ids: 1 is receipt 123456, 2 table 12's open check, 3–12 receipts 123457–123466. */
const receiptTransactionId = (index: number) => (index === 0 ? 1 : index + 2);

/** The receipts above and table 12's open check at branch 1. */
export const demoTransactions = (now: Date) => [
  ...DEMO_RECEIPT_PINS.map((pin, index) => receipt(receiptTransactionId(index), pin, now)),
  {
    id: 2,
    branchId: 1,
    pinCode: null,
    tableId: '12',
    checkId: 'CHK-1002',
    sourceType: null,
    covers: 4,
    subtotal: 96,
    avgSpentPerHead: 24,
    checkOpenTime: new Date(now.getTime() - 45 * 60_000),
    open: true,
    // Still open: no discount yet, 12.5% service so far.
    discount: null,
    serviceCharge: 12,
    serverName: 'Mia',
    menuItems: [
      line('Caesar salad', 13.5),
      line('Ribeye steak', 38),
      line('Fish of the day', 29.5),
      line('Chips', 7),
      line('Lager pint', 8),
    ],
  },
];

/** Each receipt PIN with its transaction; 999999 is known to the EPOS with no data (NO-TRANSACTION-DATA). */
export const DEMO_PINS = [
  { id: 1, branchId: 1, pinType: 'pin', pinCode: '123456', transactionId: 1 },
  { id: 2, branchId: 1, pinType: 'pin', pinCode: '999999', transactionId: null },
  ...DEMO_RECEIPT_PINS.slice(1).map((pinCode, index) => ({
    id: index + 3,
    branchId: 1,
    pinType: 'pin',
    pinCode,
    transactionId: receiptTransactionId(index + 1),
  })),
];
