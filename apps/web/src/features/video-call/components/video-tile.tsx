import { useEffect, useRef } from 'react';

interface VideoTileProps {
  stream: MediaStream | null;
  label: string;
  testId: 'remote-video' | 'local-video';
  participantId?: string;
  /** Our own preview is muted (no echo); remote audio plays. */
  muted: boolean;
  /** Shown over the video when that participant's camera is off. */
  cover: string | null;
  /** `video-tile--self`: our own picture in a call with others (spec 3 §9 size). */
  variant?: 'self';
}

export function VideoTile({ stream, label, testId, participantId, muted, cover, variant }: VideoTileProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (video && video.srcObject !== stream) {
      video.srcObject = stream;
    }
  }, [stream]);
  return (
    <figure className={variant === 'self' ? 'video-tile video-tile--self' : 'video-tile'}>
      <video
        ref={ref}
        autoPlay
        playsInline
        muted={muted}
        aria-label={label}
        data-testid={testId}
        {...(participantId ? { 'data-participant-id': participantId } : {})}
      />
      {cover ? (
        <div className="video-tile__cover" role="img" aria-label={cover}>
          <span aria-hidden="true">{label.slice(0, 1).toUpperCase()}</span>
        </div>
      ) : null}
      <figcaption className="video-tile__name">{label}</figcaption>
    </figure>
  );
}

/** A stream holding just one track, for our own preview (camera, blurred camera or screen). */
export function previewStream(track: MediaStreamTrack | null): MediaStream | null {
  return track && typeof MediaStream !== 'undefined' ? new MediaStream([track]) : null;
}
