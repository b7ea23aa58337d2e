import type { VideoRoomInvitation } from '@app/contracts/video-call';
import { apiRequest } from '../../../lib/api/api-client.ts';

/** Decision 0030: a public link to the room for one more person, valid until an hour after the visit. */
export async function createVideoInvitation(
  clinicId: string,
  appointmentId: string,
): Promise<VideoRoomInvitation> {
  const { videoRoomInvitationSchema } = await import('@app/contracts/video-call');
  return apiRequest(
    `/api/provider/clinics/${encodeURIComponent(clinicId)}/video-call/${encodeURIComponent(appointmentId)}/invitations`,
    videoRoomInvitationSchema,
    { method: 'POST' },
  );
}
