import { Anchor, Badge, Button, Group, Paper, Switch, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SurveyListItem } from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useSignedIn } from '../../platform/session';
import { failureText } from '../../ui/failure-text';
import { LANGUAGE_NAMES } from '../../ui/language-picker';
import { Page } from '../../ui/page';
import { QueryView } from '../../ui/query-view';
import { ImportSurveyDialog, NewSurveyDialog } from './new-survey-dialogs';
import { surveysApi } from './surveys-api';
import { LIST_KEY } from './use-draft';

/**
 * /surveys: every survey the operator may read (O1.9), with its version, languages, branches and whether
 * a draft waits; editors open it to edit, others to view. New, Import, Export and Duplicate (issue 31
 * items 1, 6). A viewer makes no survey.
 */
export function SurveysScreen() {
  const { t } = useTranslation();
  const me = useSignedIn();
  const surveys = useQuery({ queryKey: LIST_KEY, queryFn: surveysApi.list });
  const [creating, create] = useDisclosure(false);
  const [importing, importer] = useDisclosure(false);
  const maker = me.operator.role !== 'viewer';
  return (
    <Page
      title={t('surveys.title')}
      actions={
        maker && (
          <>
            <Button variant="default" onClick={importer.open}>
              {t('surveys.import')}
            </Button>
            <Button onClick={create.open}>{t('surveys.new')}</Button>
          </>
        )
      }
    >
      <QueryView query={surveys}>
        {({ items }) =>
          items.length === 0 ? (
            <Text>{t('surveys.none')}</Text>
          ) : (
            <Paper className="console-card" p="md">
              <SurveyTable items={items} />
            </Paper>
          )
        }
      </QueryView>
      {creating && <NewSurveyDialog onClose={create.close} />}
      {importing && <ImportSurveyDialog onClose={importer.close} />}
    </Page>
  );
}

function SurveyTable({ items }: { items: SurveyListItem[] }) {
  const { t } = useTranslation();
  const me = useSignedIn();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const branchName = (id: number) => me.branches.find((b) => b.id === id)?.name ?? t('surveys.otherBranch');
  const duplicate = useMutation({
    mutationFn: surveysApi.duplicate,
    onSuccess: async ({ id }) => {
      await queryClient.invalidateQueries({ queryKey: LIST_KEY });
      await navigate(`/surveys/${id}`);
    },
    onError: (error) => setProblem(failureText(error, t)),
  });
  // Decision 0255: a new, imported or duplicated survey reaches guests only once switched on here.
  const setActive = useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => surveysApi.setActive(id, active),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: LIST_KEY }),
    onError: (error) => setProblem(failureText(error, t)),
  });
  return (
    <>
      {problem && (
        <Text c="red.8" role="alert" mb="sm">
          {problem}
        </Text>
      )}
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('surveys.name')}</Table.Th>
              <Table.Th>{t('surveys.slug')}</Table.Th>
              <Table.Th>{t('surveys.version')}</Table.Th>
              <Table.Th>{t('surveys.languages')}</Table.Th>
              <Table.Th>{t('surveys.branches')}</Table.Th>
              <Table.Th>{t('surveys.live')}</Table.Th>
              <Table.Th>{t('common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((survey) => (
              <Table.Tr key={survey.id}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {survey.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" ff="monospace">
                    {survey.slug}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text size="sm">{t('surveys.versionN', { version: survey.version })}</Text>
                    {survey.hasDraft && (
                      <Badge variant="filled" color="yellow.4" autoContrast size="sm">
                        {t('surveys.draft')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{survey.languages.map((l) => LANGUAGE_NAMES[l]).join(', ')}</Table.Td>
                <Table.Td>
                  {survey.branchIds.length === 0 ? '—' : survey.branchIds.map(branchName).join(', ')}
                </Table.Td>
                <Table.Td>
                  {survey.editable ? (
                    <Switch
                      checked={survey.active}
                      disabled={setActive.isPending}
                      aria-label={t('surveys.liveNamed', { name: survey.name })}
                      onChange={(event) =>
                        setActive.mutate({ id: survey.id, active: event.currentTarget.checked })
                      }
                    />
                  ) : (
                    t(survey.active ? 'surveys.on' : 'surveys.off')
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <Anchor
                      component={Link}
                      to={`/surveys/${survey.id}`}
                      aria-label={t(survey.editable ? 'surveys.editNamed' : 'surveys.viewNamed', {
                        name: survey.name,
                      })}
                    >
                      {t(survey.editable ? 'common.edit' : 'surveys.view')}
                    </Anchor>
                    <Anchor
                      href={surveysApi.exportUrl(survey.id)}
                      download
                      aria-label={t('surveys.exportNamed', { name: survey.name })}
                    >
                      {t('surveys.export')}
                    </Anchor>
                    {survey.editable && (
                      <Anchor
                        component="button"
                        type="button"
                        aria-label={t('surveys.duplicateNamed', { name: survey.name })}
                        onClick={() => duplicate.mutate(survey.id)}
                        disabled={duplicate.isPending}
                      >
                        {t('surveys.duplicate')}
                      </Anchor>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
