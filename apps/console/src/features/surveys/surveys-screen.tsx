import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The surveys list (first cut: the editor shell helper builds it out). */
export function SurveysScreen() {
  const { t } = useTranslation();
  return <Title order={1}>{t('surveys.title')}</Title>;
}
