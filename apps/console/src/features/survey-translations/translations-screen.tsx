import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A survey's texts in each language (first cut: the translations helper builds it out). */
export function SurveyTranslationsScreen() {
  const { t } = useTranslation();
  return <Title order={1}>{t('surveyTranslations.title')}</Title>;
}
