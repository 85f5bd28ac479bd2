import { Paper, Stack, Table, Title } from '@mantine/core';
import type { ReportSummary } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { useChangeText, useFigureText } from './figure-text';

/** Each indicator's average over the period (O5.4), with the period before's; those scored in either. */
export function IndicatorTable({ now, before }: { now: ReportSummary; before: ReportSummary }) {
  const { t } = useTranslation();
  const figure = useFigureText();
  const change = useChangeText();
  // Surveys share names across ids (two surveys' "Service"): a topic nobody scored in either period is left out.
  const scored = now.indicators.filter(
    (i) => i.count > 0 || (before.indicators.find((old) => old.id === i.id)?.count ?? 0) > 0,
  );
  if (scored.length === 0) return null;
  return (
    <Paper className="console-card" p="lg" component="section" aria-labelledby="dashboard-indicators">
      <Stack gap="sm">
        <Title order={2} size="h4" id="dashboard-indicators">
          {t('dashboard.indicators')}
        </Title>
        <Table.ScrollContainer minWidth={500}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.indicator')}</Table.Th>
                <Table.Th>{t('dashboard.average')}</Table.Th>
                <Table.Th>{t('dashboard.answers')}</Table.Th>
                <Table.Th>{t('dashboard.periodBefore')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {scored.map((indicator) => {
                const old = before.indicators.find((i) => i.id === indicator.id);
                const moved = change(indicator.average, old?.average ?? null, 'mean');
                return (
                  <Table.Tr key={indicator.id}>
                    <Table.Th scope="row" fw={400}>
                      {indicator.name}
                    </Table.Th>
                    <Table.Td>{figure(indicator.average, indicator.count, 'mean')}</Table.Td>
                    <Table.Td>{indicator.count}</Table.Td>
                    <Table.Td>
                      {figure(old?.average ?? null, old?.count ?? 0, 'mean')}
                      {moved && ` · ${moved}`}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
