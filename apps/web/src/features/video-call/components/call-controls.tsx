import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button.tsx';

export interface CallControlsProps {
  role: 'provider' | 'patient' | 'guest';
  cameraOn: boolean;
  micOn: boolean;
  hasCamera: boolean;
  hasMic: boolean;
  canSwapCamera: boolean;
  sharing: boolean;
  /** Chat only with someone else in the room. */
  chatAvailable: boolean;
  chatOpen: boolean;
  unread: boolean;
  blurOn: boolean;
  /** Provider only: null hides Send link. */
  sendLink: { sent: boolean; pending: boolean; onSend: () => void } | null;
  /** Provider only: a public link for a third person (an interpreter, a relative); null hides it. */
  invite: { link: string | null; pending: boolean; onCreate: () => void } | null;
  onToggleCamera: () => void;
  onToggleMic: () => void;
  onSwapCamera: () => void;
  onToggleShare: () => void;
  onToggleChat: () => void;
  onBlurChange: (on: boolean) => void;
  onEnd: () => void;
}

/** spec 3 §2, §4 the call's controls; every one is a labelled native button (keyboard, focus ring). */
export function CallControls(props: CallControlsProps) {
  const { t } = useTranslation('videoCall');
  const [moreOpen, setMoreOpen] = useState(false);
  return (
    <div role="toolbar" aria-label={t('controls')} className="video-controls">
      {props.hasCamera ? (
        <Button variant="outline" aria-pressed={!props.cameraOn} onClick={props.onToggleCamera}>
          {props.cameraOn ? t('cameraOff') : t('cameraOn')}
        </Button>
      ) : null}
      {props.hasMic ? (
        <Button variant="outline" aria-pressed={!props.micOn} onClick={props.onToggleMic}>
          {props.micOn ? t('mute') : t('unmute')}
        </Button>
      ) : null}
      {props.canSwapCamera ? (
        <Button variant="outline" onClick={props.onSwapCamera}>
          {t('swapCamera')}
        </Button>
      ) : null}
      <Button variant="outline" onClick={props.onToggleShare}>
        {props.sharing ? t('stopSharing') : t('shareScreen')}
      </Button>
      {props.chatAvailable ? (
        <Button variant="outline" aria-expanded={props.chatOpen} onClick={props.onToggleChat}>
          {props.chatOpen ? t('closeChat') : t('openChat')}
          {props.unread ? (
            <span className="video-controls__dot">
              <span className="app-visually-hidden">{t('newMessages')}</span>
            </span>
          ) : null}
        </Button>
      ) : null}
      {props.sendLink ? (
        <Button
          variant="outline"
          disabled={props.sendLink.sent || props.sendLink.pending}
          onClick={props.sendLink.onSend}
        >
          {props.sendLink.sent ? t('sent') : t('sendLink')}
        </Button>
      ) : null}
      <div className="video-controls__more">
        <Button
          variant="outline"
          aria-expanded={moreOpen}
          aria-controls="video-more-options"
          onClick={() => {
            setMoreOpen((open) => !open);
          }}
        >
          {t('moreOptions')}
        </Button>
        {moreOpen ? (
          <div id="video-more-options" className="video-controls__menu">
            <label className="video-controls__switch">
              <input
                type="checkbox"
                role="switch"
                checked={props.blurOn}
                onChange={(event) => {
                  props.onBlurChange(event.target.checked);
                }}
              />
              {t('blurBackground')}
            </label>
            <span className="video-controls__state" aria-hidden="true">
              {props.blurOn ? t('on') : t('off')}
            </span>
            {props.invite ? (
              <div className="video-controls__invite">
                <Button variant="outline" disabled={props.invite.pending} onClick={props.invite.onCreate}>
                  {t('inviteSomeone')}
                </Button>
                {props.invite.link ? (
                  <label>
                    {t('invitationLink')}
                    <input
                      type="text"
                      readOnly
                      value={props.invite.link}
                      onFocus={(event) => {
                        event.currentTarget.select();
                      }}
                    />
                  </label>
                ) : null}
              </div>
            ) : null}
          </div>
        ) : null}
      </div>
      <Button variant="primary" className="video-controls__end" onClick={props.onEnd}>
        {props.role === 'provider' ? t('endVisit') : t('leaveVisit')}
      </Button>
    </div>
  );
}
