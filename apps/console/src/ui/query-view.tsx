import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from './failure-text';

/**
 * A query's three states: loading (announced), failed (with its reason and a retry), or its data. `fresh`
 * waits for an answer fetched since the view mounted (give the query `refetchOnMount: 'always'`): a screen
 * that copies the data into its own state must not start from a cached answer another screen has since
 * changed on the server.
 */
export function QueryView<T>({
  query,
  fresh = false,
  children,
}: {
  query: UseQueryResult<T>;
  fresh?: boolean;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending || (fresh && !query.isFetchedAfterMount && !query.isError)) {
    return (
      <Center py="xl" role="status" aria-live="polite">
        <Stack align="center" gap="xs">
          <Loader aria-hidden />
          <Text c="dimmed">{t('common.loading')}</Text>
        </Stack>
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title={t('common.loadFailed')} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text>{failureText(query.error, t)}</Text>
          <Button variant="default" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return <>{children(query.data)}</>;
}
