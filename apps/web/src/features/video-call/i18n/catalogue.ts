import { loadFeatureCatalogue } from '../../../lib/i18n/i18n.ts';
import { videoCallEn } from './en.ts';

/** Awaited by the router before a video-call screen renders. */
export function loadVideoCallCatalogue(): Promise<void> {
  return loadFeatureCatalogue({
    name: 'videoCall',
    namespace: 'videoCall',
    en: videoCallEn,
    es: () => import('./es.ts').then((module) => module.videoCallEs),
  });
}
