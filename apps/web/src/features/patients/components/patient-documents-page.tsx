import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useParams } from 'react-router';
import { downloadStoredFile } from '../../../lib/api/stored-file.ts';
import { useProviderWorkspace } from '../../../lib/provider/provider-workspace.ts';
import { PatientQuestionnairesPage } from '../../questionnaires/components/patient-questionnaires-page.tsx';
import { signedDocumentsQuery } from '../api/list-signed-documents.ts';
import { appointmentAttachmentsQuery } from '../api/list-appointment-attachments.ts';
import { formatInstant, formatZoned } from '../../../lib/dates/format-time.ts';

function SignedDocuments({ clinicId, patientId }: { clinicId: string; patientId: string }) {
  const { t, i18n } = useTranslation('patients');
  const documents = useQuery(signedDocumentsQuery(clinicId, patientId));
  const format = (value: string) => formatInstant(value, { language: i18n.language, style: 'dateTime' });
  if (documents.isPending) {
    return <Text role="status">{t('loading')}</Text>;
  }
  if (documents.isError) {
    return (
      <Alert color="red" role="alert">
        {t('noAccess')}
      </Alert>
    );
  }
  if (documents.data.items.length === 0) {
    return <Text>{t('noSignedDocuments')}</Text>;
  }
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
      {documents.data.items.map((document) => (
        <li key={document.id}>
          <Paper withBorder p="sm">
            <Group justify="space-between">
              <Stack gap={0}>
                <Text fw={700}>{document.title}</Text>
                <Text size="sm">
                  {t('signedBy', {
                    name: document.signerName,
                    date: format(document.signedAt),
                  })}
                </Text>
              </Stack>
              <Button
                variant="outline"
                aria-label={t('download', { title: document.title })}
                onClick={() => {
                  void downloadStoredFile(document.href, `${document.title}.pdf`);
                }}
              >
                PDF
              </Button>
            </Group>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}

/** Issue 16: the documents the patient attached to their appointments here, grouped by appointment. */
function AppointmentDocuments({ clinicId, patientId }: { clinicId: string; patientId: string }) {
  const { t, i18n } = useTranslation('patients');
  const documents = useQuery(appointmentAttachmentsQuery(clinicId, patientId));
  const download = useMutation({
    meta: { errorBanner: false },
    mutationFn: ({ href, fileName }: { href: string; fileName: string }) =>
      downloadStoredFile(href, fileName),
  });
  let body: React.ReactNode;
  if (documents.isPending) {
    body = <Text role="status">{t('loading')}</Text>;
  } else if (documents.isError) {
    body = (
      <Alert color="red" role="alert">
        {t('noAccess')}
      </Alert>
    );
  } else if (documents.data.appointments.length === 0) {
    body = <Text>{t('noAppointmentDocuments')}</Text>;
  } else {
    body = (
      <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
        {documents.data.appointments.map((appointment) => (
          <li key={appointment.appointmentId}>
            <Paper withBorder p="sm">
              <Text fw={700}>
                {t('appointmentDocumentsFor', {
                  when: formatZoned(appointment.startAt, appointment.timezone, { language: i18n.language }),
                  type: appointment.consultationTypeTitle,
                  doctor: appointment.doctorName,
                })}
              </Text>
              <Stack component="ul" gap={4} p={0} m={0} mt="xs" style={{ listStyle: 'none' }}>
                {appointment.attachments.map((attachment) => (
                  <li key={attachment.fileId}>
                    <Group justify="space-between" gap="sm">
                      <Text>{attachment.fileName}</Text>
                      <Button
                        variant="outline"
                        aria-label={t('downloadAttachment', { name: attachment.fileName })}
                        onClick={() => {
                          download.mutate(attachment);
                        }}
                      >
                        {t('downloadShort')}
                      </Button>
                    </Group>
                  </li>
                ))}
              </Stack>
            </Paper>
          </li>
        ))}
      </Stack>
    );
  }
  return (
    <Stack gap="xs" component="section" aria-labelledby="patient-appointment-documents-title">
      <Title order={3} size="h4" id="patient-appointment-documents-title">
        {t('appointmentDocuments')}
      </Title>
      {download.isError ? (
        <Alert color="red" role="alert">
          {t('downloadFailed')}
        </Alert>
      ) : null}
      {body}
    </Stack>
  );
}

const subTab = ({ isActive }: { isActive: boolean }) => ({
  padding: '6px 10px',
  textDecoration: isActive ? 'underline' : 'none',
  fontWeight: isActive ? 700 : 500,
  color: 'var(--mantine-color-text)',
});

/** spec 3 §2 patient view, documents tab: Sign Documents (default) and Questionnaires. */
export function PatientDocumentsPage() {
  const { t } = useTranslation('patients');
  const { patientId = '' } = useParams();
  const { pathname } = useLocation();
  const workspace = useProviderWorkspace();
  const base = `/provider/patient/${encodeURIComponent(patientId)}/documents`;
  const questionnaires = pathname.endsWith('/questionnaires');
  return (
    <Stack gap="md">
      <Title order={2}>{t('documentsTitle')}</Title>
      <nav aria-label={t('documentsTabs')}>
        <Group gap="sm">
          <NavLink to={base} end style={subTab}>
            {t('signDocuments')}
          </NavLink>
          <NavLink to={`${base}/questionnaires`} style={subTab}>
            {t('questionnaires')}
          </NavLink>
        </Group>
      </nav>
      {questionnaires ? (
        <PatientQuestionnairesPage />
      ) : workspace.data ? (
        <>
          <SignedDocuments clinicId={workspace.data.clinicId} patientId={patientId} />
          <AppointmentDocuments clinicId={workspace.data.clinicId} patientId={patientId} />
        </>
      ) : null}
    </Stack>
  );
}
