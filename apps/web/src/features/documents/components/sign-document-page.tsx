import { Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CheckInTask } from '@app/contracts/check-in';
import type { TaskDocument } from '@app/contracts/documents';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { downloadStoredFile } from '../../../lib/api/stored-file.ts';
import { useTaskPage, type TaskPage } from '../../check-in/use-task-page.ts';
import { errorText } from '../../account-settings/error-text.ts';
import { TASK_DOCUMENTS_PATH, taskDocumentsQuery } from '../api/get-task-documents.ts';
import { signDocument } from '../api/sign-document.ts';
import { SignatureInput, type SignatureValue } from './signature-input.tsx';
import { formatInstant } from '../../../lib/dates/format-time.ts';

/** Issue 5 item 8: /user/task/sign-document (and the kiosk prefix): read, sign, download. */
export function SignDocumentPage() {
  const { t } = useTranslation('documents');
  const page = useTaskPage(['sign_document']);
  let body;
  if (page.isLoading) {
    body = <Loader role="status" aria-label={t('loading')} />;
  } else if (!page.task) {
    body = (
      <Alert color="red" role="alert">
        {t('notFound')}
      </Alert>
    );
  } else {
    body = <TaskDocumentsView task={page.task} page={page} />;
  }
  return (
    <Stack gap="lg" maw={760}>
      <PageTitle>{t('title')}</PageTitle>
      {body}
    </Stack>
  );
}

function TaskDocumentsView({ task, page }: { task: CheckInTask; page: TaskPage }) {
  const { t } = useTranslation('documents');
  const query = useQuery({ ...taskDocumentsQuery(task.taskId), meta: { errorBanner: false } });
  if (query.isLoading) {
    return <Loader role="status" aria-label={t('loading')} />;
  }
  if (!query.data) {
    return (
      <Alert color="red" role="alert">
        {errorText(query.error)}
      </Alert>
    );
  }
  const documents = query.data.documents;
  if (documents.length === 0) {
    return <Alert role="status">{t('none')}</Alert>;
  }
  const next = documents.find((document) => !document.signed);
  const signed = documents.filter((document) => document.signed);
  return (
    <Stack gap="lg">
      {signed.length > 0 ? <SignedList documents={signed} /> : null}
      {next ? (
        <SignOne
          key={next.documentId}
          taskId={task.taskId}
          document={next}
          position={documents.indexOf(next) + 1}
          total={documents.length}
        />
      ) : (
        <Stack gap="md">
          <Alert color="teal" role="status">
            {t('allSigned')}
          </Alert>
          <Group>
            <Button onClick={() => void page.complete()}>{t('continue')}</Button>
          </Group>
        </Stack>
      )}
    </Stack>
  );
}

function SignedList({ documents }: { documents: TaskDocument[] }) {
  const { t, i18n } = useTranslation('documents');
  const download = useMutation({
    meta: { errorBanner: false },
    mutationFn: (document: TaskDocument) =>
      downloadStoredFile(document.signed?.href ?? '', `${document.title}.pdf`),
  });
  return (
    <Stack gap="sm">
      {download.error ? (
        <Alert color="red" role="alert">
          {download.error.message}
        </Alert>
      ) : null}
      {documents.map((document) => (
        <Paper key={document.documentId} withBorder p="sm">
          <Group justify="space-between">
            <Stack gap={2}>
              <Text fw={600}>
                {document.title}: {t('signed')}
              </Text>
              {document.signed ? (
                <Text size="sm">
                  {t('signedOn', {
                    name: document.signed.signerName,
                    date: formatInstant(document.signed.signedAt, { language: i18n.language }),
                  })}
                </Text>
              ) : null}
            </Stack>
            <Button
              variant="outline"
              aria-label={t('downloadLabel', { title: document.title })}
              onClick={() => {
                download.mutate(document);
              }}
            >
              {t('download')}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function SignOne({
  taskId,
  document,
  position,
  total,
}: {
  taskId: string;
  document: TaskDocument;
  position: number;
  total: number;
}) {
  const { t } = useTranslation('documents');
  const queryClient = useQueryClient();
  const [signature, setSignature] = useState<SignatureValue | null>(null);
  const [missing, setMissing] = useState(false);
  const titleId = `document-${document.documentId}`;
  const sign = useMutation({
    meta: { errorBanner: false },
    mutationFn: (value: SignatureValue) =>
      signDocument(taskId, {
        documentId: document.documentId,
        signature: { kind: value.kind, image: value.image, ...(value.text ? { text: value.text } : {}) },
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: [TASK_DOCUMENTS_PATH, taskId] });
    },
  });
  const submit = () => {
    if (!signature) {
      setMissing(true);
      return;
    }
    sign.mutate(signature);
  };
  return (
    <Stack gap="md" component="section" aria-labelledby={titleId}>
      <Text size="sm">{t('progress', { current: position, total })}</Text>
      <Title order={2} size="h3" id={titleId}>
        {document.title}
      </Title>
      <Text>{t('intro')}</Text>
      <Paper
        withBorder
        p="md"
        role="region"
        aria-labelledby={titleId}
        tabIndex={0}
        style={{ maxHeight: 320, overflowY: 'auto' }}
      >
        <Stack gap="sm">
          {document.paragraphs.map((paragraph, index) => (
            <Text key={index}>{paragraph}</Text>
          ))}
        </Stack>
      </Paper>
      <SignatureInput
        value={signature}
        onChange={(value) => {
          setSignature(value);
          if (value) {
            setMissing(false);
          }
        }}
        error={missing ? t('signature.empty') : null}
      />
      {sign.error ? (
        <Alert color="red" role="alert">
          {errorText(sign.error)}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={submit} loading={sign.isPending}>
          {t('sign')}
        </Button>
      </Group>
    </Stack>
  );
}
