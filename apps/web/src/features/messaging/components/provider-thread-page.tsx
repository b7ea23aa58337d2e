import './messaging-styles.ts';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMessagePaths } from '../message-paths.ts';
import { ProviderGate } from './provider-gate.tsx';
import { ThreadView } from './thread-view.tsx';

/** spec 3 §2 message/thread/{threadId} (top level and in the patient view). */
export function ProviderThreadPage() {
  const { t } = useTranslation('messaging');
  const { patientId, threadId = '' } = useParams();
  const paths = useMessagePaths(patientId);
  return (
    <ProviderGate gate={{ permission: 'MESSAGE' }} noAccessText={t('noAccess')}>
      {(workspace) => (
        <ThreadView
          key={threadId}
          scope={{ kind: 'provider', clinicId: workspace.clinicId }}
          threadId={threadId}
          backTo={paths.list}
        />
      )}
    </ProviderGate>
  );
}
