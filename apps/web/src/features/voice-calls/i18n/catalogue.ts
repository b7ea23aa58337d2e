import { useEffect, useState } from 'react';
import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { voiceCallsEn } from './en.ts';

export function loadVoiceCallsCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'voiceCalls',
    namespace: 'voiceCalls',
    en: voiceCallsEn,
    es: () => import('./es.ts').then((module) => module.voiceCallsEs),
  });
}

/**
 * The dialer sits inside other features' screens (the schedule row, the video room), so it loads its
 * own texts instead of asking each of their routes to (decision 0043): true once they are there.
 */
export function useVoiceCallsTexts(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void loadVoiceCallsCatalogue().then(() => {
      if (live) {
        setReady(true);
      }
    });
    return () => {
      live = false;
    };
  }, []);
  return ready;
}
