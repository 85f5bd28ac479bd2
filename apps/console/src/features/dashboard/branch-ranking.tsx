import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReportBranch } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type FigureKind, useChangeText, useFigureText } from './figure-text';

/** The branches ranked by O5.11, each figure beside the period before's; a name opens its own dashboard. */
export function BranchRanking({
  items,
  linkTo,
}: {
  items: ReportBranch[];
  linkTo(branchId: number): string;
}) {
  const { t } = useTranslation();
  const figure = useFigureText();
  const change = useChangeText();
  const cell = (
    now: number | null,
    count: number,
    before: number | null,
    beforeCount: number,
    kind: FigureKind,
  ) => {
    const moved = change(now, before, kind);
    return (
      <Table.Td>
        {figure(now, count, kind)}
        <Text size="xs" c="dimmed">
          {t('dashboard.before', { value: figure(before, beforeCount, kind) })}
          {moved && ` · ${moved}`}
        </Text>
      </Table.Td>
    );
  };
  return (
    <Paper className="console-card" p="lg" component="section" aria-labelledby="dashboard-branches">
      <Stack gap="sm">
        <Title order={2} size="h4" id="dashboard-branches">
          {t('dashboard.branches')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('dashboard.rankRule')}
        </Text>
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.rank')}</Table.Th>
                <Table.Th>{t('dashboard.branch')}</Table.Th>
                <Table.Th>{t('dashboard.responses')}</Table.Th>
                <Table.Th>{t('dashboard.nps')}</Table.Th>
                <Table.Th>{t('dashboard.csat')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((b, index) => (
                <Table.Tr key={b.id}>
                  <Table.Td>{b.responses > 0 ? index + 1 : '–'}</Table.Td>
                  <Table.Th scope="row" fw={400}>
                    <Anchor component={Link} to={linkTo(b.id)}>
                      {b.name}
                    </Anchor>
                  </Table.Th>
                  {cell(b.responses, b.responses, b.previous.responses, b.previous.responses, 'count')}
                  {cell(b.nps, b.npsCount, b.previous.nps, b.previous.npsCount, 'nps')}
                  {cell(b.csat, b.csatCount, b.previous.csat, b.previous.csatCount, 'mean')}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
