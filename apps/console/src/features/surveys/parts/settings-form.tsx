import { Checkbox, Group, SimpleGrid, Stack } from '@mantine/core';
import { Language, SurveyType } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES } from '../../../ui/language-picker';
import { useEditor } from '../editor-context';
import { enumOptions, NumberField, PartForm, SelectField, SwitchField, TextField, useField } from '../fields';

/** The survey's own settings: name, type, slug, language and languages offered, entry switches, limits. */
export function SettingsForm() {
  const { t } = useTranslation();
  const s = (key: string) => t(`surveyEditor.settings.${key}`);
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
        <SelectField
          path="survey.templateLocale"
          label={s('ownLanguage')}
          description={s('ownLanguageHint')}
          options={Language.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
        />
      </SimpleGrid>
      <LanguagesField />
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
