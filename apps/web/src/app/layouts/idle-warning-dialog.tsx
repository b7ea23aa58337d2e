import { Button, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface IdleWarningDialogProps {
  opened: boolean;
  secondsLeft: number;
  onStay: () => void;
}

/** spec 1 §1, §9: 'Are you still here?', with the seconds left to answer (idle-watch.tsx). */
export function IdleWarningDialog({ opened, secondsLeft, onStay }: IdleWarningDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onStay}
      title={t('idle.title')}
      withCloseButton={false}
      centered
      transitionProps={{ duration: 0 }}
    >
      <div className="app-stack">
        <p className="app-text">{t('idle.text', { seconds: String(secondsLeft) })}</p>
        <Button onClick={onStay} data-autofocus>
          {t('idle.yes')}
        </Button>
      </div>
    </Modal>
  );
}
