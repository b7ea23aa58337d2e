import { useParams } from 'react-router';
import { ThreadView } from './thread-view.tsx';

/** One of the patient's threads, with their reply (/user/message/{threadId}). */
export function UserThreadPage() {
  const { threadId = '' } = useParams();
  return <ThreadView key={threadId} scope={{ kind: 'patient' }} threadId={threadId} backTo="/user/message" />;
}
