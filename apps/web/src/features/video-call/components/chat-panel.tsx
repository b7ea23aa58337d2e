import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoChatMessage } from '@app/contracts/video-call';
import { VIDEO_CHAT_MAX_LENGTH } from '@app/contracts/video-call';
import { Button } from '../../../components/ui/button.tsx';

interface ChatPanelProps {
  messages: VideoChatMessage[];
  selfId: string | null;
  onSend: (text: string) => boolean;
}

/** spec 3 §2 the visit's chat; the server keeps the messages with the visit. */
export function ChatPanel({ messages, selfId, onSend }: ChatPanelProps) {
  const { t } = useTranslation('videoCall');
  const [text, setText] = useState('');
  return (
    <section role="region" aria-label={t('chat')} className="video-chat">
      <ol className="video-chat__list" aria-live="polite">
        {messages.length === 0 ? <li className="video-chat__empty">{t('noMessages')}</li> : null}
        {messages.map((message) => (
          <li key={message.id}>
            <strong>{message.participantId === selfId ? t('you') : message.senderName}: </strong>
            {message.text}
          </li>
        ))}
      </ol>
      <form
        className="video-chat__form"
        onSubmit={(event) => {
          event.preventDefault();
          if (onSend(text)) {
            setText('');
          }
        }}
      >
        <label className="app-visually-hidden" htmlFor="video-chat-message">
          {t('message')}
        </label>
        <input
          id="video-chat-message"
          className="video-chat__input"
          value={text}
          maxLength={VIDEO_CHAT_MAX_LENGTH}
          onChange={(event) => {
            setText(event.target.value);
          }}
        />
        <Button type="submit" disabled={text.trim() === ''}>
          {t('send')}
        </Button>
      </form>
    </section>
  );
}
