import { Checkbox, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { Language, SurveyType } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../ui/language-picker';
import { useEditor } from '../editor-context';
import {
  AddButton,
  enumOptions,
  NumberField,
  PartForm,
  RemoveInline,
  SelectField,
  SwitchField,
  TextField,
  useField,
} from '../fields';
import { usePart, useSurveyField } from './use-part';

/** The survey's own settings: name, type, slug, language and languages offered, entry switches, limits. */
export function SettingsForm() {
  const { t, s } = usePart('settings');
  return (
    <PartForm title={t('surveyEditor.parts.settings')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField path="survey.name" label={s('name')} />
        <SelectField
          path="survey.surveyTypeId"
          label={s('type')}
          options={enumOptions(SurveyType, (name) => t(`surveyEditor.surveyType.${name}`))}
        />
        <TextField path="survey.slug" label={s('slug')} description={s('slugHint')} />
        <OwnLanguageField />
      </SimpleGrid>
      <LanguagesField />
      <LabelsField />
      <Stack gap="sm">
        <SwitchField path="survey.eposEnabled" label={s('epos')} />
        <SwitchField path="survey.showPinScreen" label={s('pinScreen')} />
        <SwitchField path="survey.tableNumberEntry" label={s('tableEntry')} />
        <SwitchField path="survey.aboutVisitEnabled" label={s('aboutVisit')} />
        <SwitchField path="survey.aiRecommendation.suggestionsEnabled" label={s('aiSuggestions')} />
        <SwitchField path="survey.dataCapture.enabled" label={s('dataCapture')} />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberField
          path="survey.maximumQuestionCount"
          label={s('maximumQuestionCount')}
          description={s('maximumQuestionCountHint')}
          min={1}
        />
        <NumberField
          path="survey.averageServiceTime"
          label={s('averageServiceTime')}
          description={s('averageServiceTimeHint')}
          min={0}
        />
      </SimpleGrid>
    </PartForm>
  );
}

/** The language the texts are written in; it is always one of those offered (O15.21). */
function OwnLanguageField() {
  const { t } = useTranslation();
  const { document, update } = useEditor();
  const field = useField('survey.templateLocale');
  return (
    <Select
      label={t('surveyEditor.settings.ownLanguage')}
      description={t('surveyEditor.settings.ownLanguageHint')}
      data={Language.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
      value={document.survey.templateLocale}
      allowDeselect={false}
      error={field.error}
      comboboxProps={{ withinPortal: true }}
      onChange={(value) => {
        const language = Language.find((l) => l === value);
        if (!language) return;
        update((doc) => ({
          ...doc,
          survey: { ...doc.survey, templateLocale: language },
          languages: Language.filter((l) => l === language || doc.languages.includes(l)),
        }));
      }}
    />
  );
}

/** The survey's own texts outside its questions (a welcome line…), each by its reference. */
function LabelsField() {
  const { t } = useTranslation();
  const [labels, setLabels] = useSurveyField('labels');
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {t('surveyEditor.settings.labels')}
      </Text>
      {labels.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('surveyEditor.settings.noLabels')}
        </Text>
      )}
      {labels.map((_, n) => (
        <Group
          // biome-ignore lint/suspicious/noArrayIndexKey: fields are bound by position
          key={n}
          align="flex-end"
          wrap="nowrap"
        >
          <TextField path={`survey.labels.${n}.ref`} label={t('surveyEditor.settings.labelRef')} />
          <TextField path={`survey.labels.${n}.text`} label={t('surveyEditor.settings.labelText')} />
          <RemoveInline onClick={() => setLabels((list) => list.filter((_, m) => m !== n))} />
        </Group>
      ))}
      <AddButton
        label={t('surveyEditor.settings.addLabel')}
        onClick={() =>
          setLabels((list) => [...list, { ref: `label-${list.length + 1}`, type: 'text', text: '' }])
        }
      />
    </Stack>
  );
}

/**
 * The languages a guest may take the survey in (O15.21): its own always among them. A language that lacks
 * texts shows its fault here (O15.24); the translations screen fills them.
 */
function LanguagesField() {
  const { t } = useTranslation();
  const { document, set } = useEditor();
  const own = document.survey.templateLocale;
  const languages = useField('languages');
  const missing = useField('translations');
  const chosen = document.languages.includes(own) ? document.languages : [own, ...document.languages];
  return (
    <Checkbox.Group
      label={t('surveyEditor.settings.languages')}
      description={t('surveyEditor.settings.languagesHint')}
      value={chosen}
      error={languages.error ?? missing.error}
      onChange={(values) =>
        set(
          'languages',
          Language.filter((language) => language === own || values.includes(language)),
        )
      }
    >
      <Group mt="xs">
        {Language.map((language) => (
          <Checkbox
            key={language}
            value={language}
            label={LANGUAGE_NAMES[language]}
            disabled={language === own}
          />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
