import { Anchor, Box, Button, Group, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Language, PreviewWhich, SurveyPreviewAnswer } from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { EnginePanel } from './engine-panel';
import { previewApi, previewPageUrl } from './preview-api';
import {
  Choice,
  GuestFrame,
  LanguageChoice,
  MissingTexts,
  type PreviewSize,
  SizeChoice,
} from './preview-parts';

/**
 * /surveys/:id/preview (decision 0258): the guest app itself in a frame at a phone's or a tablet's size, in
 * each language the survey offers, running the draft (or the published version) and storing nothing;
 * beside it, the Engine panel.
 */
export function SurveyPreviewScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const [language, setLanguage] = useState<Language | null>(null);
  const [which, setWhich] = useState<PreviewWhich>('draft');
  const config = useQuery({
    queryKey: ['survey-preview', id, language, which],
    queryFn: () => previewApi.config(id, language, which),
    // The frame and the panel stay while another language or version loads.
    placeholderData: keepPreviousData,
  });
  return (
    <Page
      title={t('surveyPreview.title')}
      actions={
        <Anchor component={Link} to={`/surveys/${id}`}>
          {t('surveyPreview.backToEditor')}
        </Anchor>
      }
    >
      <Text c="dimmed">{t('surveyPreview.intro')}</Text>
      <QueryView query={config}>
        {(answer) => (
          <PreviewBody id={id} answer={answer} which={which} onWhich={setWhich} onLanguage={setLanguage} />
        )}
      </QueryView>
    </Page>
  );
}

interface BodyProps {
  id: number;
  answer: SurveyPreviewAnswer;
  which: PreviewWhich;
  onWhich(which: PreviewWhich): void;
  onLanguage(language: Language): void;
}

function PreviewBody({ id, answer, which, onWhich, onLanguage }: BodyProps) {
  const { t } = useTranslation();
  const [size, setSize] = useState<PreviewSize>('phone');
  // A new frame each time it is asked to start again (the preview keeps nothing across loads).
  const [run, setRun] = useState(0);
  const survey = answer.config.surveys?.[0];
  return (
    <Stack gap="md">
      <Group gap="lg" align="flex-end" wrap="wrap">
        <Choice
          label={t('surveyPreview.which')}
          value={which}
          data={[
            { value: 'draft', label: t('surveyPreview.draft') },
            { value: 'published', label: t('surveyPreview.published') },
          ]}
          onChange={(value) => onWhich(value as PreviewWhich)}
        />
        <LanguageChoice answer={answer} onChange={onLanguage} />
        <SizeChoice size={size} onChange={setSize} />
        <Button variant="default" onClick={() => setRun((count) => count + 1)}>
          {t('surveyPreview.restart')}
        </Button>
      </Group>
      {which === 'draft' && answer.which === 'published' && <Text>{t('surveyPreview.noDraft')}</Text>}
      <MissingTexts id={id} answer={answer} />
      <Group align="flex-start" gap="lg" wrap="wrap">
        <GuestFrame
          key={`${answer.language}|${answer.which}|${run}`}
          src={previewPageUrl(id, answer.language, answer.which)}
          size={size}
        />
        {survey && (
          <Box style={{ flex: '1 1 320px', minWidth: 300 }}>
            <EnginePanel survey={survey} questions={answer.config.questions ?? []} />
          </Box>
        )}
      </Group>
    </Stack>
  );
}
