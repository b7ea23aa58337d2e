import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';
import { useVoiceCallsTexts } from '../i18n/catalogue.ts';
import { CallStatus } from './call-status.tsx';
import { useCallingClinic } from './calling-gate.ts';
import { useVoiceCall } from './use-voice-call.ts';
import './voice-calls.css';

/**
 * The video room's dialer (issue 17 item 4): the provider phones the visit's patient, e.g. when their
 * video fails. The call belongs to the visit, so ending the video call ends it (spec 3 §2).
 */
export function VisitDialer({ appointmentId }: { appointmentId: string }) {
  const clinicId = useCallingClinic();
  const textsReady = useVoiceCallsTexts();
  if (clinicId === null || !textsReady) {
    return null;
  }
  return <Dialer clinicId={clinicId} appointmentId={appointmentId} />;
}

function Dialer({ clinicId, appointmentId }: { clinicId: string; appointmentId: string }) {
  const { t } = useTranslation('voiceCalls');
  const headingId = useId();
  const voice = useVoiceCall(clinicId, { appointmentId }, true);
  return (
    <section className="voice-dialer" aria-labelledby={headingId}>
      <h2 id={headingId} className="voice-dialer__heading">
        {t('dialerHeading')}
      </h2>
      {voice.active ? null : <p className="voice-dialer__intro">{t('dialerIntro')}</p>}
      <CallStatus call={voice.call} className="voice-dialer__status" />
      {voice.active ? (
        <Button
          variant="outline"
          loading={voice.hangingUp}
          aria-label={voice.call ? t('hangUpCall', { name: voice.call.patientName }) : undefined}
          onClick={voice.hangUp}
        >
          {t('hangUp')}
        </Button>
      ) : (
        <Button variant="outline" loading={voice.placing} onClick={voice.place}>
          {t('callPatientButton')}
        </Button>
      )}
      {voice.error ? (
        <p role="alert" className="voice-call__error">
          {voice.error.message ?? t(voice.error.kind === 'place' ? 'failed' : 'hangUpFailed')}
        </p>
      ) : null}
    </section>
  );
}
