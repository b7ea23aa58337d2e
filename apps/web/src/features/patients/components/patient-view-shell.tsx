import { Alert, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { passesGate, routeGate, useProviderWorkspace } from '../../../lib/provider/provider-workspace.ts';
import { useChartPatient } from '../api/get-chart-patient.ts';
import { PATIENT_TABS, PATIENT_VIEW_PATH, tabHasRoute } from './patient-view-tabs.ts';
import { formatCalendarDate } from '../../../lib/dates/format-time.ts';
import { patientRecordPath } from '../../record-export/download-record.ts';
import { RecordDownloadButtons } from '../../record-export/record-download-buttons.tsx';

const tabStyle = ({ isActive }: { isActive: boolean }) => ({
  display: 'inline-flex',
  alignItems: 'center',
  gap: 6,
  padding: '8px 12px',
  borderRadius: 8,
  textDecoration: 'none',
  color: isActive ? 'var(--mantine-color-white)' : 'var(--mantine-color-text)',
  background: isActive ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-1)',
  fontWeight: isActive ? 600 : 500,
});

/**
 * spec 3 §2 Patient view shell (/provider/patient/{patientId}): the patient's name, the tab strip
 * (each tab guarded by its optional permission and module) and the tab's page below. Without the
 * PATIENT permission, or for a patient outside the clinic, only spec 3's no-access text shows.
 */
export function PatientViewShell() {
  const { t, i18n } = useTranslation('patients');
  const { patientId = '' } = useParams();
  const workspace = useProviderWorkspace();
  // PATIENT (spec 3 §6) is the router's guard (PROVIDER_ROUTE_GATES); a patient outside the clinic
  // still gets the no-access text here.
  const allowed = workspace.data !== undefined;
  const patient = useChartPatient(workspace.data?.clinicId, patientId, allowed);

  if (workspace.isPending || (allowed && patient.isPending)) {
    return <Text role="status">{t('loading')}</Text>;
  }
  if (!workspace.data || !allowed || !patient.data) {
    return (
      <Stack gap="md" maw={720}>
        <PageTitle>{t('searchTitle')}</PageTitle>
        <Alert color="red" role="alert">
          {t('noAccess')}
        </Alert>
      </Stack>
    );
  }
  const base = `/provider/patient/${encodeURIComponent(patientId)}`;
  const tabs = PATIENT_TABS.filter(
    (tab) => tabHasRoute(tab) && passesGate(workspace.data, routeGate(`${PATIENT_VIEW_PATH}/${tab.segment}`)),
  );
  const birthdate = patient.data.birthdate ? formatCalendarDate(patient.data.birthdate, i18n.language) : null;

  return (
    <Stack gap="md">
      <Stack gap={2}>
        <PageTitle>{patient.data.name}</PageTitle>
        <Text size="sm">
          {t('memberId', { memberId: patient.data.memberId })}
          {birthdate ? ` · ${t('born', { date: birthdate })}` : ''}
        </Text>
      </Stack>
      {/* Issue 21 item 4: the chart is PATIENT's (the router's guard), and so is the export. */}
      <section aria-labelledby="export-record-title">
        <Group gap="sm" align="center" wrap="wrap">
          <Text id="export-record-title" fw={600}>
            {t('exportRecord')}
          </Text>
          <RecordDownloadButtons
            basePath={patientRecordPath(workspace.data.clinicId, patientId)}
            groupLabel={t('exportRecord')}
            pdfLabel={t('exportRecordPdf')}
            jsonLabel={t('exportRecordJson')}
          />
        </Group>
      </section>
      <nav aria-label={t('tabsLabel')}>
        <Group component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {tabs.map((tab) => (
            <li key={tab.segment}>
              <NavLink to={`${base}/${tab.segment}`} style={tabStyle}>
                <tab.icon size={18} stroke={1.75} aria-hidden="true" />
                <span>{t(`tab.${tab.segment}` as 'tab.appointments')}</span>
              </NavLink>
            </li>
          ))}
        </Group>
      </nav>
      <Outlet />
    </Stack>
  );
}
