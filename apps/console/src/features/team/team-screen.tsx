import { Anchor, List, Stack, Table, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { StaffReport } from '@venue-voice/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { inboxLink, ReportFilterBar, type ReportFilters, useReportFilters } from '../../ui/report-filters';
import { teamApi } from './team-api';

type Figures = Pick<StaffReport['members'][number], 'chosen' | 'csat' | 'nps' | 'lowSample'>;

/** The team report (issue 29 item 5): who guests named, how those visits scored and what they said. */
export function TeamScreen() {
  const { t } = useTranslation();
  const { filters } = useReportFilters();
  const report = useQuery({
    queryKey: ['reports', 'staff', filters],
    queryFn: () => teamApi.report(filters),
    placeholderData: keepPreviousData,
  });
  return (
    <Page title={t('teamReport.title')}>
      <Text>{t('teamReport.intro')}</Text>
      <ReportFilterBar />
      <QueryView query={report}>
        {(data) =>
          data.members.length === 0 ? (
            <Text>{t('teamReport.none')}</Text>
          ) : (
            <Stack gap="xl">
              <Members report={data} filters={filters} />
              <Branches report={data} />
            </Stack>
          )
        }
      </QueryView>
    </Page>
  );
}

/** Times chosen, then the two means, each said in words when the sample is small (O5.5). */
function FigureCells({ figures, chosen }: { figures: Figures; chosen: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Table.Td>
        {chosen}
        {figures.lowSample && (
          <Text size="xs" c="dimmed">
            {t('teamReport.lowSample')}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {figures.csat.score === null ? '–' : t('teamReport.csatValue', { value: figures.csat.score })}
      </Table.Td>
      <Table.Td>
        {figures.nps.mean === null ? '–' : t('teamReport.npsValue', { value: figures.nps.mean })}
      </Table.Td>
    </>
  );
}

function Members({ report, filters }: { report: StaffReport; filters: ReportFilters }) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped captionSide="top">
        <Table.Caption>{t('teamReport.membersCaption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('teamReport.member')}</Table.Th>
            <Table.Th scope="col">{t('teamReport.chosen')}</Table.Th>
            <Table.Th scope="col">{t('teamReport.csat')}</Table.Th>
            <Table.Th scope="col">{t('teamReport.nps')}</Table.Th>
            <Table.Th scope="col">{t('teamReport.tags')}</Table.Th>
            <Table.Th scope="col">{t('teamReport.comments')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.members.map((member) => (
            <Table.Tr key={member.id}>
              <Table.Th scope="row">
                <Text fw={600}>{member.name ?? t('teamReport.removed', { id: member.id })}</Text>
                {member.branch && (
                  <Text size="xs" c="dimmed">
                    {member.branch.name}
                  </Text>
                )}
              </Table.Th>
              <FigureCells
                figures={member}
                chosen={
                  <Anchor component={Link} to={inboxLink(filters, { staffId: member.id })}>
                    {t('teamReport.times', { count: member.chosen })}
                  </Anchor>
                }
              />
              <Table.Td>
                {member.tags.length === 0
                  ? '–'
                  : member.tags
                      .map((tag) =>
                        t('teamReport.tag', {
                          label: tag.label ?? t('teamReport.tagUnknown', { id: tag.id }),
                          count: tag.count,
                        }),
                      )
                      .join(', ')}
              </Table.Td>
              <Table.Td>
                {member.comments.length === 0 ? (
                  '–'
                ) : (
                  <List size="sm">
                    {member.comments.map((comment) => (
                      <List.Item key={comment.responseId}>
                        <Text size="sm" component="q">
                          {comment.text}
                        </Text>{' '}
                        <Text size="xs" c="dimmed" component="span">
                          {comment.visitDatetime.slice(0, 10)}
                        </Text>
                      </List.Item>
                    ))}
                  </List>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Branches({ report }: { report: StaffReport }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('teamReport.perBranch')}
      </Title>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('teamReport.branch')}</Table.Th>
            <Table.Th scope="col">{t('teamReport.members')}</Table.Th>
            <Table.Th scope="col">{t('teamReport.chosen')}</Table.Th>
            <Table.Th scope="col">{t('teamReport.csat')}</Table.Th>
            <Table.Th scope="col">{t('teamReport.nps')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.branches.map((branch) => (
            <Table.Tr key={branch.id}>
              <Table.Th scope="row">{branch.name ?? t('teamReport.noBranch')}</Table.Th>
              <Table.Td>{branch.members}</Table.Td>
              <FigureCells figures={branch} chosen={t('teamReport.times', { count: branch.chosen })} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
