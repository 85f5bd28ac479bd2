import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { SurveyEditor } from './survey-editor';
import { surveysApi } from './surveys-api';
import { documentKey } from './use-draft';

/** /surveys/:id — the survey's document (GET …/document), then its editor (read-only for a viewer). */
export function SurveyEditorScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const answer = useQuery({
    queryKey: documentKey(id),
    queryFn: () => surveysApi.document(id),
    enabled: valid,
    // The editor holds its own copy; a refetch on focus must not replace what is being typed. It starts
    // from the server's document of now, never a cached one (the translations screen saves the draft too).
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: 'always',
  });
  if (!valid)
    return (
      <Page title={t('surveyEditor.title')}>
        <Text>{t('errors.notFound')}</Text>
      </Page>
    );
  return (
    <QueryView query={answer} fresh>
      {(data) => <SurveyEditor key={id} id={id} answer={data} />}
    </QueryView>
  );
}
