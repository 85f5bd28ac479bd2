import {
  Alert,
  Button,
  FileInput,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { readVoucherCodes } from '@venue-voice/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../ui/failure-text';
import { type VoucherPool, voucherPoolsApi } from './voucher-pools-api';

const poolsKey = (surveyId: number) => ['surveys', surveyId, 'voucher-pools'];

/**
 * A survey's voucher code pools (issue 31 item 1): how many codes each voucher of the published version
 * has left, and, for an editor of the survey, an import of a file's codes (read and checked in the
 * browser with the server's own rule, O15.30–O15.32, then added by the server, O15.33).
 */
export function VoucherPoolsPanel({ surveyId, editable }: { surveyId: number; editable: boolean }) {
  const { t } = useTranslation();
  const pools = useQuery({ queryKey: poolsKey(surveyId), queryFn: () => voucherPoolsApi.list(surveyId) });
  const [importing, setImporting] = useState<VoucherPool | null>(null);
  const items = pools.data?.items ?? [];

  return (
    <Stack gap="sm">
      <Title order={3}>{t('voucherPools.title')}</Title>
      {pools.isError && <Alert color="red">{failureText(pools.error, t)}</Alert>}
      {pools.isSuccess && items.length === 0 && <Text c="dimmed">{t('voucherPools.none')}</Text>}
      {items.length > 0 && (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('voucherPools.voucher')}</Table.Th>
              <Table.Th>{t('voucherPools.unused')}</Table.Th>
              <Table.Th>{t('voucherPools.used')}</Table.Th>
              <Table.Th>{t('voucherPools.withdrawn')}</Table.Th>
              {editable && (
                <Table.Th>
                  <VisuallyHidden>{t('voucherPools.actions')}</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((pool) => (
              <Table.Tr key={pool.voucherId}>
                <Table.Td>{pool.name}</Table.Td>
                <Table.Td>{pool.unused}</Table.Td>
                <Table.Td>{pool.used}</Table.Td>
                <Table.Td>{pool.withdrawn}</Table.Td>
                {editable && (
                  <Table.Td>
                    <Button
                      variant="light"
                      size="xs"
                      onClick={() => setImporting(pool)}
                      aria-label={t('voucherPools.importFor', { name: pool.name })}
                    >
                      {t('voucherPools.import')}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {importing && <ImportCodes surveyId={surveyId} pool={importing} onClose={() => setImporting(null)} />}
    </Stack>
  );
}

function ImportCodes({
  surveyId,
  pool,
  onClose,
}: {
  surveyId: number;
  pool: VoucherPool;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: (body: string) => voucherPoolsApi.addCodes(surveyId, pool.voucherId, body),
    onSuccess: () => client.invalidateQueries({ queryKey: poolsKey(surveyId) }),
  });
  const read = text === null ? null : readVoucherCodes(text);

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    add.reset();
    setText(chosen ? await chosen.text() : null);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={t('voucherPools.importTitle', { name: pool.name })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="md">
        <Text size="sm">{t('voucherPools.importHint')}</Text>
        <FileInput
          label={t('voucherPools.file')}
          placeholder={t('voucherPools.filePlaceholder')}
          accept=".csv,.txt,text/csv,text/plain"
          value={file}
          onChange={(chosen) => void choose(chosen)}
        />
        {read && !read.ok && (
          <Alert color="red" role="alert">
            {t(read.key, read.params)}
          </Alert>
        )}
        {read?.ok && !add.isSuccess && (
          <Text role="status">{t('voucherPools.ready', { count: read.codes.length })}</Text>
        )}
        {add.isError && <Alert color="red">{failureText(add.error, t)}</Alert>}
        {add.isSuccess && (
          <Alert color="green" role="status">
            {t('voucherPools.added', { count: add.data.added })}
            {add.data.skipped.length > 0 &&
              ` ${t('voucherPools.skipped', { codes: add.data.skipped.slice(0, 20).join(', '), count: add.data.skipped.length })}`}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('voucherPools.close')}
          </Button>
          <Button
            disabled={!read?.ok || add.isSuccess}
            loading={add.isPending}
            onClick={() => text !== null && add.mutate(text)}
          >
            {t('voucherPools.add')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
