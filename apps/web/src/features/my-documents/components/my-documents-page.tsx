import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus, IconFileCertificate, IconId, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type {
  Attachment,
  AttachmentAppointment,
  MyDocuments,
  PatientInsuranceCard,
} from '@app/contracts/patient-documents';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ListSkeleton } from '../../../components/ui/list-skeleton.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { StatusChip } from '../../../components/ui/status-chip.tsx';
import { appointmentStatusRole } from '../../../components/ui/status-roles.ts';
import { downloadStoredFile } from '../../../lib/api/stored-file.ts';
import { errorText } from '../../account-settings/error-text.ts';
import { ConfirmDialog } from '../../appointments/components/confirm-dialog.tsx';
import { APPOINTMENTS_PATH } from '../../appointments/api/get-appointment.ts';
import { StoredImage } from '../../insurance/components/stored-image.tsx';
import { MY_DOCUMENTS_PATH, myDocumentsQuery } from '../api/get-my-documents.ts';
import { removeAttachment } from '../api/remove-attachment.ts';
import { appointmentWhen } from '../appointment-when.ts';
import { readableSize } from '../document-file.ts';
import { AddDocumentForm } from './add-document-form.tsx';
import { formatInstant } from '../../../lib/dates/format-time.ts';

const listStyle = { listStyle: 'none', padding: 0, margin: 0 } as const;

type Download = (href: string, fileName: string) => void;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function SignedDocuments({
  documents,
  download,
}: {
  documents: MyDocuments['signedDocuments'];
  download: Download;
}) {
  const { t, i18n } = useTranslation('myDocuments');
  const format = (value: string) => formatInstant(value, { language: i18n.language, style: 'dateTime' });
  if (documents.length === 0) {
    return <EmptyState size="section" icon={<IconFileCertificate size={20} />} text={t('signed.empty')} />;
  }
  return (
    <Stack component="ul" gap="xs" style={listStyle}>
      {documents.map((document) => (
        <Paper component="li" withBorder p="sm" key={document.signedDocumentId}>
          <Group justify="space-between" gap="sm">
            <Stack gap={0}>
              <Text fw={700}>{document.title}</Text>
              <Text size="sm">
                {t('signed.meta', {
                  name: document.signerName,
                  date: format(document.signedAt),
                  clinic: document.clinicName,
                })}
              </Text>
            </Stack>
            <Button
              variant="outline"
              aria-label={t('attachment.downloadLabel', { name: document.fileName })}
              onClick={() => {
                download(document.href, document.fileName);
              }}
            >
              {t('attachment.download')}
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function InsuranceCards({ cards, download }: { cards: PatientInsuranceCard[]; download: Download }) {
  const { t } = useTranslation('myDocuments');
  if (cards.length === 0) {
    return <EmptyState size="section" icon={<IconId size={20} />} text={t('cards.empty')} />;
  }
  return (
    <Stack component="ul" gap="xs" style={listStyle}>
      {cards.map((card) => {
        const kind = t(`cards.kind.${card.kind}`);
        const back = card.back;
        return (
          <Paper component="li" withBorder p="sm" key={card.id}>
            <Stack gap="xs">
              <Stack gap={0}>
                <Text fw={700}>
                  {kind} · {card.ircName}
                </Text>
                <Text size="sm">
                  {t('cards.meta', {
                    plan: card.planName,
                    number: card.insuranceNumber,
                    clinic: card.clinicName,
                  })}
                </Text>
              </Stack>
              <Group gap="sm" align="flex-start">
                <StoredImage href={card.front.href} alt={t('cards.frontAlt', { kind })} width={160} />
                {back ? (
                  <StoredImage href={back.href} alt={t('cards.backAlt', { kind })} width={160} />
                ) : null}
              </Group>
              <Group gap="sm">
                <Button
                  variant="outline"
                  aria-label={t('cards.downloadFrontLabel', { kind })}
                  onClick={() => {
                    download(card.front.href, card.front.fileName);
                  }}
                >
                  {t('cards.downloadFront')}
                </Button>
                {back ? (
                  <Button
                    variant="outline"
                    aria-label={t('cards.downloadBackLabel', { kind })}
                    onClick={() => {
                      download(back.href, back.fileName);
                    }}
                  >
                    {t('cards.downloadBack')}
                  </Button>
                ) : null}
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

function AttachmentRow({
  attachment,
  download,
  onRemove,
}: {
  attachment: Attachment;
  download: Download;
  onRemove: (attachment: Attachment) => void;
}) {
  const { t, i18n } = useTranslation('myDocuments');
  const added = formatInstant(attachment.addedAt, { language: i18n.language, style: 'date' });
  return (
    <li>
      <Group justify="space-between" gap="sm" py={4}>
        <Stack gap={0}>
          <Text fw={600}>{attachment.fileName}</Text>
          <Text size="sm">
            {readableSize(attachment.sizeBytes, i18n.language)} · {t('attachment.added', { date: added })}
          </Text>
        </Stack>
        <Group gap="xs">
          <Button
            variant="outline"
            aria-label={t('attachment.downloadLabel', { name: attachment.fileName })}
            onClick={() => {
              download(attachment.href, attachment.fileName);
            }}
          >
            {t('attachment.download')}
          </Button>
          {attachment.canRemove ? (
            <Button
              variant="danger-outline"
              aria-label={t('attachment.removeLabel', { name: attachment.fileName })}
              onClick={() => {
                onRemove(attachment);
              }}
            >
              <IconTrash size={18} aria-hidden="true" />
              {t('attachment.remove')}
            </Button>
          ) : null}
        </Group>
      </Group>
    </li>
  );
}

function AppointmentDocuments({
  appointments,
  download,
  onRemove,
  onAdd,
}: {
  appointments: AttachmentAppointment[];
  download: Download;
  onRemove: (attachment: Attachment) => void;
  onAdd: (appointmentId: string) => void;
}) {
  const { t, i18n } = useTranslation('myDocuments');
  if (appointments.length === 0) {
    return (
      <EmptyState
        size="section"
        icon={<IconCalendarPlus size={20} />}
        text={t('appointments.empty')}
        action={
          <ButtonLink to="/user/appointment/create" variant="outline">
            {t('appointments.schedule')}
          </ButtonLink>
        }
      />
    );
  }
  return (
    <Stack component="ul" gap="sm" style={listStyle}>
      {appointments.map((appointment) => {
        const when = appointmentWhen(appointment, i18n.language);
        const headingId = `appointment-documents-${appointment.appointmentId}`;
        return (
          <Paper component="li" withBorder p="md" key={appointment.appointmentId}>
            <Stack gap="xs" component="section" aria-labelledby={headingId}>
              <Group justify="space-between" gap="sm" align="flex-start">
                <Stack gap={0}>
                  <Title order={3} size="h5" id={headingId}>
                    {t('appointments.heading', {
                      when,
                      type: appointment.consultationTypeTitle,
                      doctor: appointment.doctorName,
                    })}
                  </Title>
                  <Group gap="xs">
                    <Text size="sm">{t('appointments.clinic', { clinic: appointment.clinicName })}</Text>
                    {appointment.status === 'cancelled' ? (
                      <StatusChip role={appointmentStatusRole('cancelled')}>
                        {t('appointments.cancelled')}
                      </StatusChip>
                    ) : null}
                  </Group>
                </Stack>
                <Anchor
                  component={Link}
                  to={`/user/appointment/${appointment.appointmentId}`}
                  aria-label={t('appointments.viewLabel', { when })}
                >
                  {t('appointments.view')}
                </Anchor>
              </Group>
              {appointment.attachments.length > 0 ? (
                <ul style={listStyle}>
                  {appointment.attachments.map((attachment) => (
                    <AttachmentRow
                      key={attachment.fileId}
                      attachment={attachment}
                      download={download}
                      onRemove={onRemove}
                    />
                  ))}
                </ul>
              ) : (
                <Text size="sm">{t('appointments.none')}</Text>
              )}
              {appointment.canAddDocuments ? (
                <Group>
                  <Button
                    variant="outline"
                    aria-label={t('appointments.addHereLabel', { when })}
                    onClick={() => {
                      onAdd(appointment.appointmentId);
                    }}
                  >
                    {t('appointments.addHere')}
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

/**
 * /user/documents (spec 1 §2 side menu "Documents"; issue 16, decision 0033): signed documents, the
 * insurance card photos and the documents attached to appointments, and adding one to an upcoming visit.
 */
export function MyDocumentsPage() {
  const { t, i18n } = useTranslation('myDocuments');
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const requested = params.get('appointmentId');
  const documents = useQuery(myDocumentsQuery());
  const [adding, setAdding] = useState<{ appointmentId: string | null } | null>(
    requested ? { appointmentId: requested } : null,
  );
  const [notice, setNotice] = useState<{ text: string; appointmentId: string | null } | null>(null);
  const [removing, setRemoving] = useState<Attachment | null>(null);
  const formHeading = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  const download = useMutation({
    meta: { errorBanner: false },
    mutationFn: ({ href, fileName }: { href: string; fileName: string }) =>
      downloadStoredFile(href, fileName),
  });
  const remove = useMutation({
    meta: { errorBanner: false },
    mutationFn: (attachment: Attachment) => removeAttachment(attachment.appointmentId, attachment.fileId),
    onSuccess: async (_nothing, attachment) => {
      setRemoving(null);
      setNotice({ text: t('remove.done', { name: attachment.fileName }), appointmentId: null });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [MY_DOCUMENTS_PATH] }),
        queryClient.invalidateQueries({ queryKey: [APPOINTMENTS_PATH] }),
      ]);
    },
  });

  const loaded = documents.isSuccess;
  useEffect(() => {
    // Opening the form (here, or from an appointment's "Add a document") takes the reader to it.
    if (adding && loaded) {
      formHeading.current?.focus();
    }
  }, [adding, loaded]);
  useEffect(() => {
    if (notice) {
      noticeRef.current?.focus();
    }
  }, [notice]);

  const startDownload: Download = (href, fileName) => {
    download.mutate({ href, fileName });
  };
  const startAdding = (appointmentId: string | null) => {
    setNotice(null);
    setAdding({ appointmentId });
  };

  if (documents.isPending) {
    return (
      <Stack>
        <PageTitle>{t('title')}</PageTitle>
        <ListSkeleton label={t('loading')} rows={3} rowHeight={88} />
      </Stack>
    );
  }
  if (documents.isError) {
    return (
      <Stack align="flex-start">
        <PageTitle>{t('title')}</PageTitle>
        <Alert color="red" role="alert">
          {t('loadFailed')}
        </Alert>
        <Button
          variant="outline"
          onClick={() => {
            void documents.refetch();
          }}
        >
          {t('retry')}
        </Button>
      </Stack>
    );
  }

  const data = documents.data;
  const open = data.appointments.filter((appointment) => appointment.canAddDocuments);

  return (
    <Stack gap="xl" maw={860}>
      <Stack gap="xs">
        <PageTitle>{t('title')}</PageTitle>
        <Text>{t('intro')}</Text>
      </Stack>

      {notice ? (
        <Alert color="teal" role="status" ref={noticeRef} tabIndex={-1}>
          <Stack gap={4}>
            <Text>{notice.text}</Text>
            {notice.appointmentId ? (
              <Anchor component={Link} to={`/user/appointment/${notice.appointmentId}`}>
                {t('add.viewAppointment')}
              </Anchor>
            ) : null}
          </Stack>
        </Alert>
      ) : null}
      {download.error ? (
        <Alert color="red" role="alert">
          {download.error.message}
        </Alert>
      ) : null}

      {adding ? (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h3" id="add-document-title" ref={formHeading} tabIndex={-1}>
              {t('add.title')}
            </Title>
            {open.length > 0 ? (
              <AddDocumentForm
                appointments={open}
                initialAppointmentId={adding.appointmentId}
                onCancel={() => {
                  setAdding(null);
                }}
                onAdded={async (attachment) => {
                  const appointment = open.find((item) => item.appointmentId === attachment.appointmentId);
                  setAdding(null);
                  setNotice({
                    text: t('add.done', {
                      title: attachment.title,
                      when: appointment ? appointmentWhen(appointment, i18n.language) : '',
                    }),
                    appointmentId: attachment.appointmentId,
                  });
                  await Promise.all([
                    queryClient.invalidateQueries({ queryKey: [MY_DOCUMENTS_PATH] }),
                    queryClient.invalidateQueries({ queryKey: [APPOINTMENTS_PATH] }),
                  ]);
                }}
              />
            ) : (
              <Stack gap="xs" align="flex-start">
                <Text>{t('add.noUpcoming')}</Text>
                <ButtonLink to="/user/appointment/create" variant="outline">
                  {t('appointments.schedule')}
                </ButtonLink>
              </Stack>
            )}
          </Stack>
        </Paper>
      ) : (
        <Group>
          <Button
            onClick={() => {
              startAdding(null);
            }}
          >
            {t('add.open')}
          </Button>
        </Group>
      )}

      <Section id="signed-documents-title" title={t('signed.title')}>
        <SignedDocuments documents={data.signedDocuments} download={startDownload} />
      </Section>
      <Section id="insurance-cards-title" title={t('cards.title')}>
        <InsuranceCards cards={data.insuranceCards} download={startDownload} />
      </Section>

      <Section id="appointment-documents-title" title={t('appointments.title')}>
        <AppointmentDocuments
          appointments={data.appointments}
          download={startDownload}
          onRemove={(attachment) => {
            remove.reset();
            setRemoving(attachment);
          }}
          onAdd={startAdding}
        />
      </Section>

      <ConfirmDialog
        opened={removing !== null}
        title={t('remove.title')}
        text={t('remove.text', { name: removing?.fileName ?? '' })}
        yesLabel={t('remove.yes')}
        noLabel={t('remove.no')}
        closeLabel={t('remove.close')}
        busy={remove.isPending}
        destructive
        error={remove.error ? errorText(remove.error) : null}
        onYes={() => {
          if (removing) {
            remove.mutate(removing);
          }
        }}
        onNo={() => {
          setRemoving(null);
        }}
      />
    </Stack>
  );
}
