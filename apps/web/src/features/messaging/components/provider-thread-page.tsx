import { useParams } from 'react-router';
import { useMessagePaths } from '../message-paths.ts';
import { ProviderWorkspaceReady } from './provider-workspace-ready.tsx';
import { ThreadView } from './thread-view.tsx';

/** spec 3 §2 message/thread/{threadId} (top level and in the patient view). */
export function ProviderThreadPage() {
  const { patientId, threadId = '' } = useParams();
  const paths = useMessagePaths(patientId);
  return (
    <ProviderWorkspaceReady>
      {(workspace) => (
        <ThreadView
          key={threadId}
          scope={{ kind: 'provider', clinicId: workspace.clinicId }}
          threadId={threadId}
          backTo={paths.list}
        />
      )}
    </ProviderWorkspaceReady>
  );
}
