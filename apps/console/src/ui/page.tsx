import { Group, Stack, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';

interface PageProps {
  title: string;
  /** Buttons beside the title (Add…). */
  actions?: ReactNode;
  children: ReactNode;
}

/** A console screen: its title as the page's one h1 (and the document's title), then its content. */
export function Page({ title, actions, children }: PageProps) {
  useEffect(() => {
    document.title = `${title} · Venue Voice`;
  }, [title]);
  return (
    <Stack gap="lg" maw={1100}>
      <Group justify="space-between" align="center" wrap="wrap">
        <Title order={1}>{title}</Title>
        {actions && <Group gap="sm">{actions}</Group>}
      </Group>
      {children}
    </Stack>
  );
}
