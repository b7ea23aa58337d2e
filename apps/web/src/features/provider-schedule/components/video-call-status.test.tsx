import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render.tsx';
import { VideoCallStatusBadge } from './video-call-status.tsx';

describe('VideoCallStatusBadge (issue 7 videoCallStatus)', () => {
  it.each([
    ['patient-waiting', 'Patient waiting', 'warning'],
    ['in-call', 'In call', 'success'],
    ['patient-left', 'Patient left', 'neutral'],
    ['ended', 'Visit ended', 'neutral'],
  ] as const)('shows %s as “%s”, a %s status chip read as a video visit', (status, text, role) => {
    const { container } = renderWithProviders(<VideoCallStatusBadge status={status} />);
    const chip = container.querySelector('.app-status-chip');
    expect(chip).toHaveAttribute('data-role', role);
    expect(chip).toHaveTextContent(`Video visit: ${text}`);
    expect(screen.getByText(text)).toBeVisible();
  });

  it('shows nothing before anyone came (null)', () => {
    const { container } = renderWithProviders(<VideoCallStatusBadge status={null} />);
    expect(container.querySelector('.app-status-chip')).toBeNull();
    expect(screen.queryByText(/^Video visit:/)).not.toBeInTheDocument();
  });
});
