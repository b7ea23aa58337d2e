import { Group, Modal, Text } from '@mantine/core';
import { Button } from '../../../components/ui/button.tsx';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  text: string;
  yesLabel: string;
  noLabel: string;
  closeLabel: string;
  busy: boolean;
  error: string | null;
  onYes: () => void;
  onNo: () => void;
  /** The yes answer destroys something (cancel a visit, delete, remove): the danger colour. */
  destructive?: boolean;
}

/**
 * A titled yes/no dialog (Mantine's Modal traps focus, closes on Escape and returns focus to the
 * button that opened it). The safe answer gets the first focus. Screens use ConfirmDialog
 * (confirm-dialog.tsx), which loads this with the first opening.
 */
export function ConfirmDialogModal({
  opened,
  title,
  text,
  yesLabel,
  noLabel,
  closeLabel,
  busy,
  error,
  onYes,
  onNo,
  destructive = false,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onNo}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': closeLabel }}
    >
      <Text>{text}</Text>
      {error ? (
        <Text role="alert" c="red.9" mt="sm">
          {error}
        </Text>
      ) : null}
      <Group mt="lg" justify="flex-end">
        <Button variant="outline" onClick={onNo} data-autofocus disabled={busy}>
          {noLabel}
        </Button>
        <Button variant={destructive ? 'danger' : 'primary'} onClick={onYes} loading={busy}>
          {yesLabel}
        </Button>
      </Group>
    </Modal>
  );
}
