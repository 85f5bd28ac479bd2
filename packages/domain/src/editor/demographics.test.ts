import { describe, expect, it } from 'vitest';
import { DemographicType } from '../enums';
import type { SurveyDemographics } from '../schemas/demographics';
import { q, surveyWith } from '../survey/fixtures';
import { demographicFieldsOf, demographicFitFaults, marketingPermissionOf } from './demographics';
import { documentOf, type SurveyDocument } from './document';
import { documentFaults, publishFaults } from './faults';
import { parseDocument } from './parse';
import { localizedSurvey, missingTexts, textEntries } from './texts';

type Field = SurveyDemographics['fields'][number];
const gender: Field = {
  id: 1,
  type: DemographicType.GENDER,
  label: 'Gender',
  fieldType: 'select',
  required: false,
  options: [
    { id: 1, value: 'Female' },
    { id: 2, value: 'Male' },
  ],
};
const postcode: Field = {
  id: 2,
  type: DemographicType.POSTCODE,
  label: 'Postcode',
  fieldType: 'text',
  required: true,
  options: [],
};
const german = {
  'demographics.1.label': 'Geschlecht',
  'demographics.1.options.1': 'Weiblich',
  'demographics.1.options.2': 'Männlich',
  'demographics.2.label': 'Postleitzahl',
};

/**
 * A publishable document in en-gb and de whose survey asks `fields` (none: the company's); every other
 * text in German ("DE …"), the demographic texts as `translations` give them.
 */
const docWith = (fields?: Field[], translations: Record<string, string> = german): SurveyDocument => {
  const base = documentOf(surveyWith(), [q(1, { text: 'How was it?' })], ['en-gb', 'de']);
  const others = Object.fromEntries(textEntries(base).map(({ key, text }) => [key, `DE ${text}`]));
  const survey = fields === undefined ? base.survey : { ...base.survey, demographics: { fields } };
  return { ...base, survey, translations: { de: { ...others, ...translations } } };
};
const keysOf = (faults: { path: string; key: string }[]) => faults.map((f) => `${f.path} ${f.key}`);

describe("a survey's own demographic fields (decision 0261)", () => {
  const company = { fields: [{ ...gender, id: 9, label: 'Company gender' }] };

  it.each([
    ['the survey has none: the company’s', undefined, [9]],
    ['the survey has its own: those', [gender, postcode], [1, 2]],
    ['the survey has its own empty list: none asked', [], []],
  ] as const)('O15.34 %s', (_name, fields, ids) => {
    const survey = surveyWith(fields === undefined ? {} : { demographics: { fields: [...fields] } });
    expect(demographicFieldsOf(survey, company).map((f) => f.id)).toEqual(ids);
  });

  it.each([
    ['the survey has none: the company’s', undefined, 'Company text'],
    ['the survey has its own: that', 'Survey text', 'Survey text'],
    ['the survey’s own is blank: blank (the guest app’s own words)', '', ''],
  ] as const)('O15.34 the marketing permission: %s', (_name, own, text) => {
    const survey = surveyWith(
      own === undefined ? {} : { dataCapture: { enabled: true, marketingPermissionText: own } },
    );
    expect(marketingPermissionOf(survey, { marketingPermissionText: 'Company text' })).toBe(text);
  });

  it('O15.20 O15.23 the survey’s marketing permission is a text, translated and required like the others', () => {
    const base = docWith();
    const doc = {
      ...base,
      survey: { ...base.survey, dataCapture: { enabled: true, marketingPermissionText: 'Send me offers' } },
    };
    expect(missingTexts(doc, 'de')).toEqual(['dataCapture.marketingPermission']);
    const translated = {
      ...doc,
      translations: {
        de: { ...doc.translations.de, 'dataCapture.marketingPermission': 'Schickt mir Angebote' },
      },
    };
    expect(localizedSurvey(translated, 'de')?.survey.dataCapture.marketingPermissionText).toBe(
      'Schickt mir Angebote',
    );
  });

  it('O15.34 a survey without its own and a company without any asks none', () => {
    expect(demographicFieldsOf(surveyWith(), undefined)).toEqual([]);
  });

  it.each([
    [
      'O15.35 two fields with one id',
      [gender, { ...postcode, id: 1 }],
      'survey.demographics.fields.1.id editor.duplicateId',
    ],
    [
      'O15.35 two options with one id',
      [{ ...gender, options: [...gender.options, { id: 1, value: 'Other' }] }],
      'survey.demographics.fields.0.options.2.id editor.duplicateId',
    ],
    ['O15.36 a blank label', [{ ...gender, label: '  ' }], 'survey.demographics.fields.0.label editor.blank'],
    [
      'O15.36 a blank option',
      [{ ...gender, options: [{ id: 1, value: '' }] }],
      'survey.demographics.fields.0.options.0.value editor.blank',
    ],
    [
      'O15.37 a dropdown without options',
      [{ ...gender, options: [] }],
      'survey.demographics.fields.0.options editor.noOptions',
    ],
    [
      'O15.37 a text field with options',
      [{ ...postcode, options: [{ id: 1, value: 'N1' }] }],
      'survey.demographics.fields.0.options editor.textOptions',
    ],
    [
      'O15.38 a postcode as a dropdown',
      [{ ...postcode, fieldType: 'select', options: [{ id: 1, value: 'N1' }] }],
      'survey.demographics.fields.0.fieldType editor.postcodeText',
    ],
  ] as [string, Field[], string][])('%s is a fault at its path', (_name, fields, fault) => {
    const doc = docWith(fields, {});
    expect(keysOf(documentFaults(doc))).toEqual([fault]);
    expect(keysOf(publishFaults(doc))).toContain(fault);
  });

  it('O15.38 a translated option longer than a create may carry is a fault naming the language', () => {
    const doc = docWith([gender], { ...german, 'demographics.1.options.2': 'x'.repeat(201) });
    expect(documentFaults(doc)).toEqual([
      {
        path: 'survey.demographics.fields.0.options.1.value',
        key: 'editor.tooLong',
        params: { language: 'de', max: 200 },
      },
    ]);
  });

  it('O15.38 the schema refuses an option of the survey’s own language over 200 characters, at its path', () => {
    const doc = docWith([{ ...gender, options: [{ id: 1, value: 'x'.repeat(201) }] }]);
    const parsed = parseDocument(JSON.parse(JSON.stringify(doc)));
    expect(parsed.ok ? [] : parsed.faults.map((f) => f.path)).toEqual([
      'survey.demographics.fields.0.options.0.value',
    ]);
  });

  it('O15.20 O15.22 labels and options are texts by field and option id, missing until translated', () => {
    const doc = docWith([gender, postcode], {});
    expect(textEntries(doc).filter((e) => e.key.startsWith('demographics.'))).toEqual([
      { key: 'demographics.1.label', text: 'Gender' },
      { key: 'demographics.1.options.1', text: 'Female' },
      { key: 'demographics.1.options.2', text: 'Male' },
      { key: 'demographics.2.label', text: 'Postcode' },
    ]);
    expect(missingTexts(doc, 'de')).toEqual([
      'demographics.1.label',
      'demographics.1.options.1',
      'demographics.1.options.2',
      'demographics.2.label',
    ]);
    expect(missingTexts(docWith(undefined, {}), 'de')).toEqual([]);
  });

  it('O15.24 publishing is refused while a language lacks a demographic text', () => {
    const { 'demographics.1.options.2': _gone, ...lacking } = german;
    expect(keysOf(publishFaults(docWith([gender, postcode], lacking)))).toEqual([
      'translations.de editor.missingTexts',
    ]);
    expect(publishFaults(docWith([gender, postcode]))).toEqual([]);
  });

  it('O15.23 a German guest reads German labels and options; without every text, none of German', () => {
    const served = localizedSurvey(docWith([gender, postcode]), 'de');
    expect(served?.survey.demographics?.fields.map((f) => [f.label, f.options.map((o) => o.value)])).toEqual([
      ['Geschlecht', ['Weiblich', 'Männlich']],
      ['Postleitzahl', []],
    ]);
    const { 'demographics.2.label': _gone, ...lacking } = german;
    expect(localizedSurvey(docWith([gender, postcode], lacking), 'de')).toBeNull();
  });

  const answers = (...pairs: [number, string][]) => pairs.map(([id, value]) => ({ id, value }));
  it.each([
    ['an option in the survey’s own language', answers([1, 'Female']), []],
    ['an option in an offered translation', answers([1, 'Männlich'], [2, 'N1 9GU']), []],
    ['a value no option has', answers([1, 'Robot']), ['payload.demographics.0.value']],
    ['a field the survey does not ask', answers([2, 'N1'], [7, 'x']), ['payload.demographics.1.id']],
  ] as const)('O15.39 a create answering %s', (_name, given, refused) => {
    const faults = demographicFitFaults(docWith([gender, postcode]), [...given]);
    expect(faults.map((f) => f.field)).toEqual(refused);
    expect(faults.every((f) => f.message === 'form.notInSurvey')).toBe(true);
  });

  it('O15.39 a survey asking the company’s fields leaves the answers to G5.24', () => {
    expect(demographicFitFaults(docWith(), answers([7, 'Robot']))).toEqual([]);
  });
});
