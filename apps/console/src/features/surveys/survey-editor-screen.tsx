import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The editor of one survey (first cut: the editor shell helper builds it out). */
export function SurveyEditorScreen() {
  const { t } = useTranslation();
  return <Title order={1}>{t('surveyEditor.title')}</Title>;
}
