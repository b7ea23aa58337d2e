import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useVoiceCallsTexts } from '../i18n/catalogue.ts';
import { CallStatus } from './call-status.tsx';
import { useCallingClinic } from './calling-gate.ts';
import { useVoiceCall } from './use-voice-call.ts';
import './voice-calls.css';

interface PatientCallActionProps {
  clinicId: string;
  patientId: string;
  patientName: string;
}

/** The schedule row's Call button (issue 17 item 4), only where the clinic has outbound calling. */
export function PatientCallAction(props: PatientCallActionProps) {
  const callingClinic = useCallingClinic();
  const textsReady = useVoiceCallsTexts();
  if (callingClinic === null || callingClinic !== props.clinicId || !textsReady) {
    return null;
  }
  return <PatientDialer {...props} />;
}

function PatientDialer({ clinicId, patientId, patientName }: PatientCallActionProps) {
  const { t } = useTranslation('voiceCalls');
  const voice = useVoiceCall(clinicId, { patientId }, false);
  return (
    <span className="voice-call">
      {voice.active ? (
        <Button
          variant="outline"
          className="voice-call__hang-up"
          loading={voice.hangingUp}
          aria-label={t('hangUpCall', { name: patientName })}
          onClick={voice.hangUp}
        >
          {t('hangUp')}
        </Button>
      ) : (
        <Button
          variant="outline"
          loading={voice.placing}
          aria-label={t('callPatient', { name: patientName })}
          onClick={voice.place}
        >
          {t('call')}
        </Button>
      )}
      <CallStatus call={voice.call} className="voice-call__status" />
      {voice.error ? (
        <span role="alert" className="voice-call__error">
          {voice.error.message ?? t(voice.error.kind === 'place' ? 'failed' : 'hangUpFailed')}
        </span>
      ) : null}
    </span>
  );
}
