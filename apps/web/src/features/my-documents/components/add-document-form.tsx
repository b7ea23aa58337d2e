import { useId, useRef, useState } from 'react';
import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Attachment, AttachmentAppointment } from '@app/contracts/patient-documents';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { addAttachment } from '../api/add-attachment.ts';
import { DOCUMENT_ACCEPT, fileProblem, titleFromFileName, titleProblem } from '../document-file.ts';
import { appointmentWhen } from '../appointment-when.ts';

interface AddDocumentFormProps {
  /** The appointments a document may be added to now (upcoming, not cancelled). */
  appointments: AttachmentAppointment[];
  initialAppointmentId: string | null;
  onAdded: (attachment: Attachment) => void | Promise<void>;
  onCancel: () => void;
}

/** Issue 16: choose an upcoming appointment, a title and a PDF or picture, and upload it with progress. */
export function AddDocumentForm({
  appointments,
  initialAppointmentId,
  onAdded,
  onCancel,
}: AddDocumentFormProps) {
  const { t, i18n } = useTranslation('myDocuments');
  const fileId = useId();
  const selectId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const firstId = appointments[0]?.appointmentId ?? '';
  const [appointmentId, setAppointmentId] = useState(
    appointments.some((item) => item.appointmentId === initialAppointmentId)
      ? (initialAppointmentId ?? '')
      : firstId,
  );
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);

  const upload = useMutation({
    meta: { errorBanner: false },
    mutationFn: () => {
      if (!file) {
        throw new Error(t('add.fileRequired'));
      }
      setProgress(0);
      return addAttachment({ appointmentId, title: title.trim(), file, onProgress: setProgress });
    },
    onSuccess: async (attachment) => {
      setTitle('');
      setFile(null);
      setChecked(false);
      if (fileInput.current) {
        fileInput.current.value = '';
      }
      await onAdded(attachment);
    },
    onSettled: () => {
      setProgress(null);
    },
  });

  const titleError = checked ? titleProblem(title) : null;
  const fileError = checked ? fileProblem(file) : null;
  const hintId = `${fileId}-hint`;
  const errorId = `${fileId}-error`;

  return (
    <form
      noValidate
      aria-labelledby="add-document-title"
      onSubmit={(event) => {
        event.preventDefault();
        setChecked(true);
        upload.reset();
        if (!appointmentId || titleProblem(title) || fileProblem(file)) {
          return;
        }
        upload.mutate();
      }}
    >
      <Stack gap="md">
        <Text>{t('add.intro')}</Text>
        <div className="app-field">
          <label className="app-field__label" htmlFor={selectId}>
            {t('add.appointment')}
          </label>
          <div className="app-field__box">
            <select
              id={selectId}
              className="app-field__input"
              // The shared input style removes the native arrow; a select needs it back.
              style={{ appearance: 'auto' }}
              value={appointmentId}
              disabled={upload.isPending}
              onChange={(event) => {
                setAppointmentId(event.currentTarget.value);
              }}
            >
              {appointments.map((item) => (
                <option key={item.appointmentId} value={item.appointmentId}>
                  {`${appointmentWhen(item, i18n.language)} · ${item.consultationTypeTitle} · ${item.doctorName}`}
                </option>
              ))}
            </select>
          </div>
        </div>
        <TextField
          label={t('add.documentTitle')}
          description={t('add.documentTitleHint')}
          value={title}
          maxLength={120}
          autoComplete="off"
          disabled={upload.isPending}
          error={titleError ? t(`add.${titleError}`) : null}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
          }}
        />
        <Stack gap={6}>
          <label htmlFor={fileId} style={{ fontWeight: 600 }}>
            {t('add.file')}
          </label>
          <Text size="sm" id={hintId}>
            {t('add.fileHint')}
          </Text>
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept={DOCUMENT_ACCEPT}
            disabled={upload.isPending}
            aria-describedby={fileError ? `${hintId} ${errorId}` : hintId}
            aria-invalid={fileError ? true : undefined}
            onChange={(event) => {
              const chosen = event.currentTarget.files?.[0] ?? null;
              setFile(chosen);
              if (chosen && !title.trim()) {
                setTitle(titleFromFileName(chosen.name));
              }
            }}
          />
          {fileError ? (
            <Text size="sm" c="red.9" id={errorId}>
              {t(`add.${fileError}`)}
            </Text>
          ) : null}
        </Stack>
        {progress !== null ? (
          <Stack gap={4} role="status">
            <Text size="sm">{t('add.uploading', { percent: progress })}</Text>
            <Progress value={progress} aria-label={t('add.progressLabel')} size="lg" />
          </Stack>
        ) : null}
        {upload.error ? (
          <Alert color="red" role="alert">
            {upload.error.message}
          </Alert>
        ) : null}
        <Group gap="sm">
          <Button type="submit" loading={upload.isPending}>
            {t('add.submit')}
          </Button>
          <Button variant="outline" onClick={onCancel} disabled={upload.isPending}>
            {t('add.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
