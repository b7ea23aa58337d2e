import { useTranslation } from 'react-i18next';
import type { VoiceCall } from '@app/contracts/voice-calls';
import { statusKeyOf } from '../voice-call-rules.ts';

/** The call's state as a polite live region, so a screen reader hears it ring, connect and end. */
export function CallStatus({ call, className }: { call: VoiceCall | null; className?: string }) {
  const { t } = useTranslation('voiceCalls');
  return (
    <span role="status" aria-live="polite" className={className}>
      {call ? t(statusKeyOf(call), { name: call.patientName, suffix: call.phoneSuffix }) : ''}
    </span>
  );
}
