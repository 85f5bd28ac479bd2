import { Box, Center, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { LanguagePicker } from '../../ui/language-picker';

/** The frame of the screens before signing in: the product's name, a language picker and one card. */
export function PublicFrame({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} · Venue Voice`;
  }, [title]);
  return (
    <Box mih="100vh" p="md">
      <Group justify="space-between" component="header" mb="xl">
        <Text fw={600} size="lg" c="navy.7">
          Venue Voice
        </Text>
        <LanguagePicker />
      </Group>
      <Center component="main">
        <Paper className="console-card" p="xl" w="100%" maw={440}>
          <Stack gap="lg">
            <Title order={1}>{title}</Title>
            {children}
          </Stack>
        </Paper>
      </Center>
    </Box>
  );
}
