import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The draft as a guest sees it (first cut: the preview helper builds it out). */
export function SurveyPreviewScreen() {
  const { t } = useTranslation();
  return <Title order={1}>{t('surveyPreview.title')}</Title>;
}
