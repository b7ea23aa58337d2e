import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { BootScreen } from './boot-screen.tsx';

describe('BootScreen', () => {
  it("is what index.html paints before any script runs, so the app's first render changes nothing (decision 0068)", () => {
    const html = readFileSync(join(import.meta.dirname, '../../index.html'), 'utf8');
    const staticBoot = new DOMParser()
      .parseFromString(html, 'text/html')
      .querySelector('#root > main[data-static-boot]');
    expect(staticBoot).not.toBeNull();
    const { container } = renderWithProviders(<BootScreen />);
    const rendered = container.querySelector('main');
    expect(rendered?.className).toBe(staticBoot?.className);
    // Prettier may lay index.html's markup out over lines: the spaces between tags draw nothing.
    expect(rendered?.innerHTML).toBe(staticBoot?.innerHTML.trim());
  });

  it('offline (decision 0038): says the portal is offline and will reconnect, and offers to try at once', async () => {
    const retry = vi.fn();
    renderWithProviders(<BootScreen failed offline onRetry={retry} />);
    expect(screen.getByRole('heading', { level: 1, name: 'You are offline' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'The portal cannot be reached right now. It will reconnect by itself as soon as your connection is back.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('failed for another reason: the start failure, not the offline text', () => {
    renderWithProviders(<BootScreen failed onRetry={() => undefined} />);
    expect(
      screen.getByRole('heading', {
        name: 'The portal could not start. Please check your connection and try again.',
      }),
    ).toBeInTheDocument();
    expect(screen.queryByText('You are offline')).not.toBeInTheDocument();
  });
});
