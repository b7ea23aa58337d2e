import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { VideoCallStatusBadge } from './video-call-status.tsx';

describe('VideoCallStatusBadge (issue 7 videoCallStatus)', () => {
  it.each([
    ['patient-waiting', 'Patient waiting'],
    ['in-call', 'In call'],
    ['patient-left', 'Patient left'],
    ['ended', 'Visit ended'],
  ] as const)('shows %s as “%s”', (status, text) => {
    renderWithProviders(<VideoCallStatusBadge status={status} />);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('shows nothing before anyone came (null)', () => {
    renderWithProviders(<VideoCallStatusBadge status={null} />);
    expect(screen.queryByLabelText(/^Video visit:/)).not.toBeInTheDocument();
  });
});
