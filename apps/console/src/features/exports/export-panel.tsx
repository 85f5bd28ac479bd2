import { Alert, Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ErrorCodes, type ExportFormat, type ExportJob } from '@venue-voice/domain';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../ui/failure-text';
import { EXPORT_POLL_MS, type ExportFilter, exportsApi, isRunning } from './exports-api';

const megabytes = (bytes: number | null) => ((bytes ?? 0) / 1_000_000).toFixed(1);

/** The codes of a filter that no longer holds when the export runs (a branch or survey taken away). */
const FILTER_CODES: readonly number[] = [
  ErrorCodes.PARAMETER_VALUE_INVALID,
  ErrorCodes.FORM_VALIDATION,
  ErrorCodes.INVALID_BRANCH_REFERENCE,
  ErrorCodes.RESOURCE_NOT_FOUND,
];

/** A failed export in the operator's language, by its code (decision 0264); any other fault is ours. */
const failedKey = (code: number | null) =>
  code === ErrorCodes.NOT_AUTHENTICATED
    ? 'exports.failedOperator'
    : code !== null && FILTER_CODES.includes(code)
      ? 'exports.failedFilter'
      : 'exports.failed';

function Failed({ job }: { job: ExportJob }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" title={t('exports.failedTitle')}>
      <Text size="sm">{t(failedKey(job.errorCode))}</Text>
      {/* The server's own sentence (English, never SQL) and code: what support needs to look it up. */}
      {job.error && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('exports.failedDetail', { message: job.error, code: job.errorCode ?? ErrorCodes.INTERNAL })}
        </Text>
      )}
    </Alert>
  );
}

function Progressing({ job }: { job: ExportJob }) {
  const { t } = useTranslation();
  const live = useQuery({
    queryKey: ['exports', job.id],
    queryFn: () => exportsApi.get(job.id),
    initialData: job,
    refetchInterval: (query) => (query.state.data && isRunning(query.state.data) ? EXPORT_POLL_MS : false),
  });
  const now = live.data ?? job;
  const percent = now.rowsTotal === 0 ? 100 : Math.min(100, Math.round((100 * now.rowsDone) / now.rowsTotal));
  if (now.state === 'failed') return <Failed job={now} />;
  if (now.state === 'done') {
    return (
      <Group gap="sm" role="status">
        <Text size="sm">{t('exports.ready', { count: now.rowsDone, size: megabytes(now.bytes) })}</Text>
        <Anchor href={exportsApi.fileUrl(now.id)} download>
          {t('exports.download', { format: now.format.toUpperCase() })}
        </Anchor>
      </Group>
    );
  }
  // Queued, or claimed but no row written yet (waiting for a free export process, decision 0262, or
  // reading its first page): "0 of 1,000,000 written" would read as stuck.
  const waiting = now.state === 'queued' || (now.rowsDone === 0 && now.rowsTotal > 0);
  return (
    <Stack gap={4}>
      <Progress value={percent} aria-label={t('exports.progressLabel')} animated />
      <Text size="sm" role="status">
        {waiting
          ? t('exports.waiting', { total: now.rowsTotal })
          : t('exports.progress', { done: now.rowsDone, total: now.rowsTotal })}
      </Text>
    </Stack>
  );
}

/**
 * The inbox's export (issue 29 item 6): the current filter to CSV or XLSX, made in the background on the
 * server; its progress shown, then the file's link. Nothing waits in the browser for a big file.
 */
export function ExportPanel({ filter }: { filter: ExportFilter }) {
  const { t } = useTranslation();
  const start = useMutation({ mutationFn: (format: ExportFormat) => exportsApi.start(format, filter) });
  return (
    <Stack gap="xs">
      <Group gap="sm">
        <Text size="sm" fw={500}>
          {t('exports.title')}
        </Text>
        {(['csv', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            size="xs"
            variant="light"
            loading={start.isPending && start.variables === format}
            onClick={() => start.mutate(format)}
          >
            {t('exports.start', { format: format.toUpperCase() })}
          </Button>
        ))}
      </Group>
      {start.isError && (
        <Alert color="red" role="alert">
          {failureText(start.error, t)}
        </Alert>
      )}
      {start.data && <Progressing key={start.data.id} job={start.data} />}
    </Stack>
  );
}
