import type { VideoRoomJoinRequest, VideoRoomTicket } from '@app/contracts/video-call';
import { apiRequest } from '../../../lib/api/api-client.ts';

/**
 * Decision 0030: asks the server for a short-lived room ticket. The api client adds the bearer
 * token when someone is signed in; a guest with an invitation uuid has none and sends the uuid.
 * A refused room answers 404 (the server does not reveal that it exists).
 */
export async function joinVideoRoom(
  appointmentId: string,
  body: VideoRoomJoinRequest,
): Promise<VideoRoomTicket> {
  const { videoRoomTicketSchema } = await import('@app/contracts/video-call');
  return apiRequest(`/api/video-call/${encodeURIComponent(appointmentId)}/join`, videoRoomTicketSchema, {
    method: 'POST',
    body,
  });
}
