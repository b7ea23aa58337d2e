import { Group, Modal, TextInput } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

/** spec 3 §2 "Type your signature" dialog; §5: Confirm is disabled until the text is non-empty. */
export function TypeSignatureDialog({
  opened,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  onClose: () => void;
  onConfirm: (text: string) => void;
}) {
  const { t } = useTranslation('documents');
  const [text, setText] = useState('');
  const empty = text.trim() === '';
  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (!empty) {
      onConfirm(text.trim());
      setText('');
    }
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('signature.typeTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('signature.close') }}
    >
      <form onSubmit={submit}>
        <TextInput
          label={t('signature.typeLabel')}
          value={text}
          maxLength={100}
          autoComplete="name"
          data-autofocus
          onChange={(event) => {
            setText(event.currentTarget.value);
          }}
        />
        <Group mt="lg" justify="flex-end">
          <Button variant="outline" onClick={onClose}>
            {t('signature.cancel')}
          </Button>
          <Button type="submit" disabled={empty}>
            {t('signature.confirm')}
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
