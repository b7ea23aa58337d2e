import { Alert, Stack, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { useProviderWorkspace } from '../../../lib/provider/provider-workspace.ts';
import { CarePlansTab } from './care-plans-tab.tsx';
import { DevicesTab } from './devices-tab.tsx';
import { FlowsheetTab } from './flowsheet-tab.tsx';
import { GraphsGoalsTab } from './graphs-goals-tab.tsx';
import { IntellimapTab } from './intellimap-tab.tsx';

/** spec 3 §2 health tabs, in the spec's order; the default is intellimap. */
export const HEALTH_TABS = ['care-plans', 'devices', 'intellimap', 'flowsheet', 'graphs-goals'] as const;
export type HealthTab = (typeof HEALTH_TABS)[number];
export const DEFAULT_HEALTH_TAB: HealthTab = 'intellimap';

function tabOfPath(pathname: string): HealthTab {
  const last = pathname.replace(/\/+$/, '').split('/').at(-1);
  return HEALTH_TABS.find((tab) => tab === last) ?? DEFAULT_HEALTH_TAB;
}

export interface HealthTabProps {
  clinicId: string;
  patientId: string;
}

/**
 * /provider/patient/{patientId}/health[/tab] (spec 3 §2): needs REMOTE_PATIENT_MONITORING. The patient
 * view shell (its own issue-6 slice) wraps this screen; the five health tabs are ours.
 */
export function PatientHealthPage() {
  const { t } = useTranslation('health');
  const { patientId = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const workspace = useProviderWorkspace();
  const tab = tabOfPath(location.pathname);

  if (workspace.isPending) {
    return <Text role="status">{t('loading')}</Text>;
  }
  if (workspace.isError) {
    return (
      <Alert color="red" role="alert">
        {t('loadError')}
      </Alert>
    );
  }
  // PATIENT and REMOTE_PATIENT_MONITORING (spec 3 §6) are the router's guard (PROVIDER_ROUTE_GATES).
  const clinicId = workspace.data.clinicId;
  if (!clinicId) {
    return (
      <Stack>
        <PageTitle>{t('title')}</PageTitle>
        <Alert color="red" role="alert">
          {t('noAccess')}
        </Alert>
      </Stack>
    );
  }
  const props: HealthTabProps = { clinicId, patientId };

  return (
    <Stack gap="md">
      <PageTitle>{t('title')}</PageTitle>
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(value) => {
          if (value) {
            void navigate(`/provider/patient/${encodeURIComponent(patientId)}/health/${value}`);
          }
        }}
      >
        <Tabs.List aria-label={t('tabsLabel')}>
          {HEALTH_TABS.map((entry) => (
            <Tabs.Tab key={entry} value={entry}>
              {t(`tab.${entry}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="care-plans" pt="md">
          <CarePlansTab {...props} />
        </Tabs.Panel>
        <Tabs.Panel value="devices" pt="md">
          <DevicesTab {...props} />
        </Tabs.Panel>
        <Tabs.Panel value="intellimap" pt="md">
          <IntellimapTab {...props} />
        </Tabs.Panel>
        <Tabs.Panel value="flowsheet" pt="md">
          <FlowsheetTab {...props} />
        </Tabs.Panel>
        <Tabs.Panel value="graphs-goals" pt="md">
          <GraphsGoalsTab {...props} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
