import { Button, type ButtonProps, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmActionProps extends Omit<ButtonProps, 'children' | 'onClick'> {
  /** The button's text (and its accessible name unless `label` is given). */
  children: ReactNode;
  label?: string;
  title: string;
  text: ReactNode;
  confirm: string;
  danger?: boolean;
  onConfirm(): void;
}

/** A button that asks first: a dialog says what will happen, and only its confirm button acts. */
export function ConfirmAction({
  children,
  label,
  title,
  text,
  confirm,
  danger,
  onConfirm,
  ...button
}: ConfirmActionProps) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button {...button} aria-label={label} onClick={open}>
        {children}
      </Button>
      <Modal
        opened={opened}
        onClose={close}
        title={title}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Text mb="lg">{text}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            color={danger ? 'red.8' : undefined}
            onClick={() => {
              close();
              onConfirm();
            }}
          >
            {confirm}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
