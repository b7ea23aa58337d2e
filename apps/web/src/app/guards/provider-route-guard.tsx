import type { ReactNode } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  decideProviderRoute,
  providerRouteGate,
  type NoAccessText,
} from '@app/contracts/provider-route-gates';
import { ButtonLink } from '../../components/ui/button.tsx';
import { PageTitle } from '../../components/ui/page-title.tsx';
import { activeModules, useProviderWorkspace } from '../../lib/provider/provider-workspace.ts';
import { useRouteTitleKey } from '../route-handle.ts';

const NO_ACCESS_KEYS = {
  page: 'gate_page',
  patient: 'gate_patient',
  messaging: 'gate_messaging',
  bulkMessaging: 'gate_bulkMessaging',
  insurance: 'gate_insurance',
  appointmentList: 'gate_appointmentList',
} as const satisfies Record<NoAccessText, string>;

/**
 * The one guard of the provider screens (spec 3 §6): the screen renders only when its row of
 * PROVIDER_ROUTE_GATES holds for the signed-in provider's permissions and the workspace clinic's
 * modules; otherwise its title and the row's no-access sentence, with the way back to the day
 * schedule. The screen's own code is not asked to check again, and asks the server nothing.
 * A screen inside the patient view shell shows only the sentence (the shell keeps the page's h1).
 */
export function ProviderRouteGuard({ path, children }: { path: string; children: ReactNode }) {
  const { t } = useTranslation('providerShell');
  const { t: tRoot } = useTranslation();
  const titleKey = useRouteTitleKey();
  const workspace = useProviderWorkspace();
  const inside = providerRouteGate(path)?.inside !== undefined;

  let body: ReactNode;
  if (workspace.isError) {
    body = (
      <Alert color="red" role="alert">
        {t('gate_loadError')}
      </Alert>
    );
  } else if (!workspace.data) {
    body = <Text role="status">{t('gate_loading')}</Text>;
  } else {
    const decision = decideProviderRoute(path, {
      permissions: workspace.data.permissions,
      modules: activeModules(workspace.data),
    });
    if (decision.kind === 'allow') {
      return <>{children}</>;
    }
    body = (
      <>
        <Alert color="yellow" role="alert" data-testid="no-access" data-no-access={decision.noAccess}>
          {t(NO_ACCESS_KEYS[decision.noAccess])}
        </Alert>
        <div>
          <ButtonLink to="/provider/appointment" variant="outline">
            {t('gate_toSchedule')}
          </ButtonLink>
        </div>
      </>
    );
  }
  return (
    <Stack gap="md" maw={720}>
      {inside || !titleKey ? null : <PageTitle>{tRoot(titleKey)}</PageTitle>}
      {body}
    </Stack>
  );
}
