import { Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../ui/confirm-action';
import { formatMoment } from '../../ui/dates';
import { QueryView } from '../../ui/query-view';
import { surveysApi } from './surveys-api';

/**
 * The survey's published versions, newest first (issue 31 item 5): who published each and when, and
 * which were restored from another. An editor may make any of them the draft again.
 */
export function HistoryDialog({
  id,
  editable,
  hasDraft,
  onRestore,
  onClose,
}: {
  id: number;
  editable: boolean;
  hasDraft: boolean;
  onRestore(version: number): void;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const versions = useQuery({
    queryKey: ['surveys', id, 'versions'],
    queryFn: () => surveysApi.versions(id),
  });
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={t('surveyEditor.history.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <QueryView query={versions}>
        {({ items }) => (
          <Table verticalSpacing="xs" aria-label={t('surveyEditor.history.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('surveyEditor.history.version')}</Table.Th>
                <Table.Th>{t('surveyEditor.history.published')}</Table.Th>
                <Table.Th>{t('surveyEditor.history.by')}</Table.Th>
                {editable && <Table.Th>{t('common.actions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item) => (
                <Table.Tr key={item.version}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {t('surveyEditor.history.versionN', { version: item.version })}
                    </Text>
                    {item.restoredFrom !== null && (
                      <Text size="xs" c="dimmed">
                        {t('surveyEditor.history.restoredFrom', { version: item.restoredFrom })}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatMoment(item.publishedAt)}</Table.Td>
                  <Table.Td>{item.publishedBy?.name ?? '—'}</Table.Td>
                  {editable && (
                    <Table.Td>
                      <ConfirmAction
                        variant="default"
                        size="compact-sm"
                        label={t('surveyEditor.history.restoreVersion', { version: item.version })}
                        title={t('surveyEditor.history.restoreTitle', { version: item.version })}
                        text={t(
                          hasDraft
                            ? 'surveyEditor.history.restoreReplaces'
                            : 'surveyEditor.history.restoreText',
                        )}
                        confirm={t('surveyEditor.history.restore')}
                        onConfirm={() => onRestore(item.version)}
                      >
                        {t('surveyEditor.history.restore')}
                      </ConfirmAction>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </QueryView>
    </Modal>
  );
}
