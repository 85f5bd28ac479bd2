import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { enoughResponses, MIN_REPORT_SAMPLE, type ReportSummary } from '@venue-voice/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BeforeLine, useFigureText } from './figure-text';

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper className="console-card" p="lg" component="section" aria-label={title}>
      <Stack gap={4}>
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

/** Responses, NPS (with its groups) and CSAT of the period, each beside the period before's. */
export function FigureCards({ now, before }: { now: ReportSummary; before: ReportSummary }) {
  const { t } = useTranslation();
  const figure = useFigureText();
  const npsCount = (s: ReportSummary) => s.nps.promoters + s.nps.passives + s.nps.detractors;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Card title={t('dashboard.responses')}>
        <Text fz={32} fw={600}>
          {figure(now.responses, now.responses, 'count')}
        </Text>
        <BeforeLine
          now={now.responses}
          before={before.responses}
          beforeCount={before.responses}
          kind="count"
        />
        {now.responses > 0 && !enoughResponses(now.responses) && (
          <Text size="sm" c="orange.9">
            {t('dashboard.fewResponses', { count: MIN_REPORT_SAMPLE })}
          </Text>
        )}
      </Card>
      <Card title={t('dashboard.nps')}>
        <Text fz={32} fw={600}>
          {figure(now.nps.score, npsCount(now), 'nps')}
        </Text>
        <Text size="sm">{t('dashboard.npsGroups', now.nps)}</Text>
        <BeforeLine now={now.nps.score} before={before.nps.score} beforeCount={npsCount(before)} kind="nps" />
      </Card>
      <Card title={t('dashboard.csat')}>
        <Text fz={32} fw={600}>
          {figure(now.csat.score, now.csat.count, 'mean')}
        </Text>
        <Text size="sm">{t('dashboard.csatCount', { count: now.csat.count })}</Text>
        <BeforeLine
          now={now.csat.score}
          before={before.csat.score}
          beforeCount={before.csat.count}
          kind="mean"
        />
      </Card>
    </SimpleGrid>
  );
}
