import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';

export const companies = pgTable(
  'companies',
  {
    id: id(),
    key: text('key').notNull().unique(),
    name: text('name').notNull(),
    // The company's settings (issue 28, decision 0210): the guest branding a survey without its own
    // takes, the languages its guests are served in, and how long contact details are kept.
    /** The logo's URL (an upload of ours, `/api/v1/uploads/logos/…`), or null. */
    logoUrl: text('logo_url'),
    primaryColour: text('primary_colour'),
    accentColour: text('accent_colour'),
    /** The domain's Language values, at least one; the first is the fallback. */
    languages: jsonb('languages').notNull().default(sql`'["en-gb","de","it","es"]'::jsonb`),
    /** Days contact details are kept: 1 to 7, never more than the privacy notice promises (7). */
    contactRetentionDays: smallint('contact_retention_days').notNull().default(7),
    /** Whether managers may edit the surveys of their own branches (issue 31, O1.9); the owner always may. */
    managersEditSurveys: boolean('managers_edit_surveys').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [check('companies_contact_retention_days_check', sql`${t.contactRetentionDays} between 1 and 7`)],
);

export const branches = pgTable(
  'branches',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationId: text('location_id'),
    siteId: text('site_id'),
    hashCode: text('hash_code'),
    enableStaffPinCodes: boolean('enable_staff_pin_codes').notNull().default(false),
    address: text('address'),
    /** scrypt hash of the branch's device passcode (`salt:hash`, hex); never the passcode itself. */
    devicePasscodeHash: text('device_passcode_hash'),
    /**
     * The device passcode sealed with AES-256-GCM under the server's passcode key (decision 0080):
     * device.register's `pass` is a hash over the passcode, so the server must be able to recover it.
     */
    devicePasscodeSealed: text('device_passcode_sealed'),
    /** When the device passcode was last set from the console or the command line; null: by the seed. */
    devicePasscodeSetAt: timestamp('device_passcode_set_at', { withTimezone: true }),
    /** The venue's IANA time zone (decision 0211); its local days are the reports' days. */
    timeZone: text('time_zone').notNull().default('Europe/London'),
    /** Whether guests here are asked for a table number where the survey asks (decision 0211). */
    tableEntry: boolean('table_entry').notNull().default(true),
    /** The branch's own tablet sync schedule `{ when, spread }`; null: the company's (core.schedules). */
    syncSchedule: jsonb('sync_schedule'),
    createdAt: createdAt(),
  },
  (t) => [index('branches_company_idx').on(t.companyId)],
);

export const surveys = pgTable(
  'surveys',
  {
    /** The survey's templateId. */
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    templateLocale: text('template_locale').notNull().default('en-gb'),
    eposEnabled: boolean('epos_enabled').notNull().default(false),
    showPinScreen: boolean('show_pin_screen').notNull().default(false),
    tableNumberEntry: boolean('table_number_entry').notNull().default(false),
    active: boolean('active').notNull().default(true),
    /** The domain Survey object. */
    definition: jsonb('definition').notNull(),
    /** The domain Question[] of the survey. */
    questions: jsonb('questions').notNull().default(sql`'[]'::jsonb`),
    // The published version the columns above hold (issue 31, decision 0254): its number, the languages a
    // guest may take it in and the texts of the languages other than template_locale (by text key).
    version: integer('version').notNull().default(1),
    languages: jsonb('languages').notNull().default(sql`'[]'::jsonb`),
    translations: jsonb('translations').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [index('surveys_company_idx').on(t.companyId)],
);

export const surveyBranches = pgTable(
  'survey_branches',
  {
    surveyId: integer('survey_id')
      .notNull()
      .references(() => surveys.id, { onDelete: 'cascade' }),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.surveyId, t.branchId] }),
    index('survey_branches_branch_idx').on(t.branchId),
  ],
);

export const companyConfig = pgTable('company_config', {
  companyId: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  schedules: jsonb('schedules').notNull().default(sql`'[]'::jsonb`),
  complaints: jsonb('complaints').notNull().default(sql`'{}'::jsonb`),
  dataCapture: jsonb('data_capture').notNull().default(sql`'{}'::jsonb`),
  demographics: jsonb('demographics').notNull().default(sql`'{}'::jsonb`),
  statics: jsonb('statics').notNull().default(sql`'{}'::jsonb`),
  /** Feature flags of the core section (the digital receipt is off unless turned on, G2). */
  features: jsonb('features').notNull().default(sql`'{"digitalReceipt": false}'::jsonb`),
});

export const teams = pgTable(
  'teams',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    status: smallint('status').notNull().default(1),
  },
  (t) => [index('teams_company_idx').on(t.companyId)],
);

export const staffMembers = pgTable(
  'staff_members',
  {
    id: id(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    displayName: text('display_name').notNull(),
    fullName: text('full_name').notNull(),
    pinCode: text('pin_code'),
    status: smallint('status').notNull().default(1),
    weight: smallint('weight').notNull().default(50),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    hasSettingsAccess: boolean('has_settings_access').notNull().default(false),
    imageUrl: text('image_url'),
    thumbnailUrl: text('thumbnail_url'),
    tags: jsonb('tags').notNull().default(sql`'[]'::jsonb`),
    gender: text('gender'),
    type: text('type'),
    createdAt: createdAt(),
  },
  (t) => [
    index('staff_members_branch_idx').on(t.branchId),
    // D5: a member's PIN is unique within the branch's team (exact match).
    uniqueIndex('staff_members_branch_pin_idx')
      .on(t.branchId, t.pinCode)
      .where(sql`${t.pinCode} is not null`),
  ],
);

export const majorGroups = pgTable(
  'major_groups',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    ref: text('ref').notNull(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('major_groups_company_ref_idx').on(t.companyId, t.ref)],
);

export const familyGroups = pgTable(
  'family_groups',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    ref: text('ref').notNull(),
    name: text('name').notNull(),
    weight: integer('weight').notNull().default(0),
  },
  (t) => [uniqueIndex('family_groups_company_ref_idx').on(t.companyId, t.ref)],
);

// The GIN trigram index on lower(products.name) is created by the hand-written migration 0001.
export const products = pgTable(
  'products',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    ref: text('ref').notNull(),
    name: text('name').notNull(),
    /** EPOS product type: 1 food, 2 drink, 3 other. */
    type: smallint('type').notNull(),
    majorGroupId: integer('major_group_id').references(() => majorGroups.id),
    familyGroupId: integer('family_group_id').references(() => familyGroups.id),
  },
  (t) => [
    uniqueIndex('products_company_ref_idx').on(t.companyId, t.ref),
    index('products_company_major_idx').on(t.companyId, t.majorGroupId),
    index('products_company_family_idx').on(t.companyId, t.familyGroupId),
  ],
);

/**
 * One row, bumped by statement triggers on products and both group tables (migration 0007): a server's
 * copy of a menu is used only while this is the version it was read at (decision 0123).
 */
export const menuVersion = pgTable('menu_version', {
  id: smallint('id').primaryKey().default(1),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    pinCode: text('pin_code'),
    tableId: text('table_id'),
    checkId: text('check_id'),
    /** PVE source (1 wireless social, 2 zonal loyalty, 3 liveres) for PVE-linked checks, else null. */
    sourceType: smallint('source_type'),
    covers: integer('covers').notNull().default(0),
    subtotal: numeric('subtotal', { precision: 12, scale: 2, mode: 'number' }).notNull().default(0),
    avgSpentPerHead: numeric('avg_spent_per_head', { precision: 12, scale: 2, mode: 'number' })
      .notNull()
      .default(0),
    checkOpenTime: timestamp('check_open_time', { withTimezone: true }).notNull(),
    open: boolean('open').notNull().default(false),
    // What the till printed besides the lines, for the digital receipt (decision 0175); null: not sent.
    discount: numeric('discount', { precision: 12, scale: 2, mode: 'number' }),
    serviceCharge: numeric('service_charge', { precision: 12, scale: 2, mode: 'number' }),
    serverName: text('server_name'),
    /** EPOS lines: [{ menuItemObjectNumber, menuItemName, type, price? }]; groups are joined from products. */
    menuItems: jsonb('menu_items').notNull().default(sql`'[]'::jsonb`),
    createdAt: createdAt(),
    /** Set by each update from the till (POST /integrations/transactions with the same check id). */
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    // A till's check is one row per branch: the same check id again updates it (issue 30).
    uniqueIndex('transactions_branch_check_key')
      .on(t.branchId, t.checkId)
      .where(sql`${t.checkId} is not null`),
    index('transactions_branch_pin_idx').on(t.branchId, t.pinCode),
    // A branch's checks newest first, a keyset page at a time (GET /console/transactions), and a table's
    // newest open check (the guest's table lookup): each reads its first entries in order (decision 0265).
    // NULLS FIRST is `order by … desc`'s own order: a NULLS LAST index would not give it, and a sort follows.
    index('transactions_branch_opened_idx').on(
      t.branchId,
      t.checkOpenTime.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('transactions_branch_table_open_idx')
      .on(t.branchId, t.tableId, t.checkOpenTime.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.open}`),
  ],
);

/** Receipt PINs (and PVE references) known to the EPOS; no transaction row means NO-TRANSACTION-DATA. */
export const pins = pgTable(
  'pins',
  {
    id: id(),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    pinType: text('pin_type').notNull().default('pin'),
    pinCode: text('pin_code').notNull(),
    transactionId: integer('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('pins_branch_type_code_idx').on(t.branchId, t.pinType, t.pinCode)],
);

export const devices = pgTable(
  'devices',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    deviceId: text('device_id').notNull(),
    uuid: text('uuid'),
    /** Hex SHA-256 of the device token; the token itself is never stored. Null: deregistered (no token). */
    tokenHash: text('token_hash'),
    /** Disabled by an administrator: its token answers 10030 and it cannot register again until enabled. */
    enabled: boolean('enabled').notNull().default(true),
    /** The tablet's own settings-area lock (D2), kept so an administrator can tell staff who forgot it. */
    settingsPasscode: text('settings_passcode'),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    deregisteredAt: timestamp('deregistered_at', { withTimezone: true }),
    // What the tablet last did, written at most once a minute per device (decision 0212).
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** Its last config download (survey.config). */
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /** Its last survey.submit or batch. */
    lastUploadAt: timestamp('last_upload_at', { withTimezone: true }),
    /** How many responses it said it holds (X-Device-Queue) on its last call; null: never said. */
    heldResponses: integer('held_responses'),
  },
  (t) => [
    uniqueIndex('devices_company_device_idx').on(t.companyId, t.deviceId),
    uniqueIndex('devices_token_hash_idx').on(t.tokenHash),
    index('devices_branch_idx').on(t.branchId),
  ],
);
export * from './schema-actions';
export * from './schema-editor';
export * from './schema-operators';
export * from './schema-reports';
export * from './schema-responses';
