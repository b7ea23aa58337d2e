import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A titled, focus-trapped message with one OK button ('Almost done!', freeze failures). */
export function InfoDialog({
  opened,
  title,
  message,
  onClose,
}: {
  opened: boolean;
  title: string;
  message: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('booking');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      trapFocus
      returnFocus
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <Text>{message}</Text>
      <Group justify="flex-end" mt="md">
        <Button onClick={onClose} data-autofocus>
          {t('ok')}
        </Button>
      </Group>
    </Modal>
  );
}
