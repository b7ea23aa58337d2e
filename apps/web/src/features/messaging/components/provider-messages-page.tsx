import { Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { PageTitle } from '../../../components/ui/page-title.tsx';
import { isSingleHeaderMessagePath, useMessagePaths } from '../message-paths.ts';
import { ProviderWorkspaceReady } from './provider-workspace-ready.tsx';
import { ThreadList } from './thread-list.tsx';

/**
 * spec 3 §2 /provider/message (MESSAGE) and the patient view's message tab
 * /provider/patient/{patientId}/message/thread: the provider's threads, with unread dots.
 */
export function ProviderMessagesPage() {
  const { t } = useTranslation('messaging');
  const { patientId } = useParams();
  const paths = useMessagePaths(patientId);
  // The single-header screen keeps every link inside it; SMS templates are a screen of the shell.
  const singleHeader = isSingleHeaderMessagePath(useLocation().pathname);
  return (
    <ProviderWorkspaceReady>
      {(workspace) => (
        <Stack gap="md" maw={860}>
          <PageTitle>{t('secureMessaging')}</PageTitle>
          <Group>
            <ButtonLink to={patientId ? paths.create : paths.receiverList}>{t('newMessage')}</ButtonLink>
            {patientId ? (
              <ButtonLink variant="outline" to={paths.sms}>
                {t('sendSms')}
              </ButtonLink>
            ) : null}
            {singleHeader ? null : (
              <ButtonLink variant="outline" to="/provider/patient/sms-templates">
                {t('smsTemplates')}
              </ButtonLink>
            )}
          </Group>
          <ThreadList
            scope={{ kind: 'provider', clinicId: workspace.clinicId }}
            {...(patientId ? { patientId } : {})}
            linkTo={paths.thread}
            selfId={workspace.providerId}
          />
        </Stack>
      )}
    </ProviderWorkspaceReady>
  );
}
