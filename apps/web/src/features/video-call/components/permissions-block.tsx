import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PermissionProblem } from '../local-media.ts';
import { PopupBlocked } from './popup-blocked.tsx';

/** Where the "How to allow camera and microphone" link goes (the browser makers' own help). */
export const PERMISSIONS_HELP_URL = 'https://support.google.com/chrome/answer/2693767';

const TITLE_KEYS = {
  both: 'permissionsBoth',
  camera: 'permissionsCamera',
  microphone: 'permissionsMicrophone',
} as const;

/** spec 3 §8: which device is off, and a help link (opened in a new window; a blocked pop-up says so). */
export function PermissionsBlock({ problem }: { problem: Exclude<PermissionProblem, 'none'> }) {
  const { t } = useTranslation('videoCall');
  const [blocked, setBlocked] = useState(false);
  return (
    <div role="alert" className="video-call__permissions">
      <p className="video-call__permissions-title">{t(TITLE_KEYS[problem])}</p>
      <p>{t('permissionsHelp')}</p>
      <a
        href={PERMISSIONS_HELP_URL}
        target="_blank"
        rel="noreferrer"
        onClick={(event) => {
          event.preventDefault();
          // Not 'noopener' in the features: then window.open always answers null and we could not
          // tell a blocked pop-up; we cut the opener by hand instead.
          const opened = window.open(PERMISSIONS_HELP_URL, '_blank');
          if (opened) {
            opened.opener = null;
          }
          setBlocked(opened === null);
        }}
      >
        {t('permissionsLink')}
      </a>
      {blocked ? <PopupBlocked /> : null}
    </div>
  );
}
