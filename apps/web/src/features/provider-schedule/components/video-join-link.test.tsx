import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { ProviderAppointment } from '@app/contracts/provider-schedule';
import { renderRoutes } from '../../../test/render.tsx';
import { VideoJoinLink } from './video-join-link.tsx';

const APPOINTMENT_ID = '6f1c3b1e-8a55-4c2b-9d59-0d6c7f3e2a10';

/** Only the fields the link reads matter here. */
function appointment(fields: Pick<ProviderAppointment, 'type' | 'allowVideoCall'>): ProviderAppointment {
  return { appointmentId: APPOINTMENT_ID, ...fields } as ProviderAppointment;
}

function renderLink(value: ProviderAppointment) {
  renderRoutes([{ path: '/', element: <VideoJoinLink appointment={value} /> }], '/');
}

describe('VideoJoinLink (spec 3 §2 video-call link/join)', () => {
  it('links a video visit whose call is open to its room', () => {
    renderLink(appointment({ type: 'video_call', allowVideoCall: true }));
    expect(screen.getByRole('link', { name: 'Join video call' })).toHaveAttribute(
      'href',
      `/provider/video-call/${APPOINTMENT_ID}`,
    );
  });

  it.each([
    ['a video visit outside its call window', { type: 'video_call', allowVideoCall: false }],
    ['an office visit', { type: 'office', allowVideoCall: true }],
  ] as const)('shows nothing for %s', (_, fields) => {
    renderLink(appointment(fields));
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
