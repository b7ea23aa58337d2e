import { ComingSoonScreen } from '../../../app/coming-soon-screen.tsx';

/** Placeholder until issue 3 builds this screen. */
export function SecurityPage() {
  return <ComingSoonScreen />;
}
