import { Select, SimpleGrid, Switch, Text, Title } from '@mantine/core';
import { DemographicType, type SurveyDocument } from '@venue-voice/domain';
import { nextId } from '../document-edit';
import {
  AddButton,
  enumOptions,
  InlineRows,
  ItemCard,
  ItemFault,
  PartForm,
  SelectField,
  SwitchField,
  TextField,
  useField,
} from '../fields';
import { usePart } from './use-part';

type Fields = NonNullable<SurveyDocument['survey']['demographics']>['fields'];
type Field = Fields[number];

/**
 * The questions about the guest after the survey's questions (G3 demographics config; decision 0261):
 * the company's, in the company's one language, or the survey's own list, translated like its other
 * texts. Faults O15.35–O15.38 beside their fields. Then the data-capture step's marketing permission: the
 * survey's own text, translated, or (empty) the company's.
 */
export function DemographicsForm() {
  const { t, s, document, update, editable } = usePart('demographics');
  const own = document.survey.demographics;
  const setOwn = (next: Fields | undefined) =>
    update((doc) => {
      const { demographics: _old, ...survey } = doc.survey;
      return { ...doc, survey: next === undefined ? survey : { ...survey, demographics: { fields: next } } };
    });
  const change = (edit: (fields: Fields) => Fields) =>
    update((doc) => ({
      ...doc,
      survey: { ...doc.survey, demographics: { fields: edit(doc.survey.demographics?.fields ?? []) } },
    }));
  return (
    <PartForm title={t('surveyEditor.parts.demographics')} intro={s('intro')}>
      <Switch
        label={s('useCompany')}
        description={s(own ? 'ownHint' : 'companyHint')}
        checked={own === undefined}
        disabled={!editable}
        onChange={(event) => setOwn(event.currentTarget.checked ? undefined : [])}
      />
      {own && own.fields.length === 0 && <Text c="dimmed">{s('noneAsked')}</Text>}
      {own?.fields.map((field, index) => (
        <FieldCard
          // biome-ignore lint/suspicious/noArrayIndexKey: fields are bound by position
          key={`${field.id}-${index}`}
          field={field}
          index={index}
          change={change}
        />
      ))}
      {own && (
        <AddButton
          label={s('add')}
          onClick={() =>
            change((fields) => [
              ...fields,
              {
                id: nextId(fields),
                type: DemographicType.GENDER,
                label: '',
                fieldType: 'select',
                required: false,
                options: [{ id: 1, value: '' }],
              },
            ])
          }
        />
      )}
      <Title order={3} size="h5">
        {s('dataCapture')}
      </Title>
      <TextField
        path="survey.dataCapture.marketingPermissionText"
        label={s('marketingPermission')}
        description={s('marketingPermissionHint')}
        optional
      />
    </PartForm>
  );
}

function FieldCard({
  field,
  index,
  change,
}: {
  field: Field;
  index: number;
  change: (edit: (fields: Fields) => Fields) => void;
}) {
  const { s } = usePart('demographics');
  const at = `survey.demographics.fields.${index}`;
  const editField = (edit: (field: Field) => Field) =>
    change((fields) => fields.map((f, n) => (n === index ? edit(f) : f)));
  return (
    <ItemCard
      title={field.label || s('unnamed', { id: field.id })}
      path={`${at}.id`}
      onRemove={() => change((fields) => fields.filter((_, n) => n !== index))}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField path={`${at}.label`} label={s('label')} />
        <SelectField
          path={`${at}.type`}
          label={s('type')}
          options={enumOptions(DemographicType, (name) => s(`types.${name}`))}
        />
        <FieldTypeSelect
          path={`${at}.fieldType`}
          onChange={(fieldType) =>
            // A text field has no options (O15.37): switching keeps none, or starts a dropdown with one.
            editField((f) => ({
              ...f,
              fieldType,
              options: fieldType === 'text' ? [] : f.options.length > 0 ? f.options : [{ id: 1, value: '' }],
            }))
          }
        />
      </SimpleGrid>
      <SwitchField path={`${at}.required`} label={s('required')} />
      {field.fieldType === 'select' && (
        <InlineRows
          title={s('options')}
          items={field.options}
          keyOf={(option) => option.id}
          change={(edit) => editField((f) => ({ ...f, options: edit(f.options) }))}
          make={(options) => ({ id: nextId(options), value: '' })}
          addLabel={s('addOption')}
          row={(_option, n) => (
            <TextField path={`${at}.options.${n}.value`} label={s('option', { n: n + 1 })} />
          )}
        />
      )}
      <ItemFault path={`${at}.options`} />
    </ItemCard>
  );
}

/** Dropdown or text: one change of the field (its options follow), not a value set by path. */
function FieldTypeSelect({
  path,
  onChange,
}: {
  path: string;
  onChange(fieldType: Field['fieldType']): void;
}) {
  const { s } = usePart('demographics');
  const field = useField(path);
  return (
    <Select
      label={s('fieldType')}
      data={[
        { value: 'select', label: s('fieldTypes.select') },
        { value: 'text', label: s('fieldTypes.text') },
      ]}
      value={field.value === 'text' ? 'text' : 'select'}
      allowDeselect={false}
      error={field.error}
      comboboxProps={{ withinPortal: true }}
      onChange={(chosen) => {
        if (chosen === 'select' || chosen === 'text') onChange(chosen);
      }}
    />
  );
}
