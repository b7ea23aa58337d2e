import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureInstallPrompt, resetInstallPromptForTests } from '../../../lib/app-install/install-prompt.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { isIos } from '../use-install-offer.ts';
import { InstallAppOffer } from './install-app-offer.tsx';

// Issue 16 item 4 (decision 0038): the install offer in the side menu.

function installPromptEvent(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  return { event, prompt };
}

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

let stopCapture: () => void = () => undefined;
beforeEach(() => {
  localStorage.clear();
  resetInstallPromptForTests();
  stopCapture = captureInstallPrompt(window);
});
afterEach(() => {
  stopCapture();
  vi.restoreAllMocks();
});

describe('InstallAppOffer', () => {
  it('shows nothing where the browser offers no install (no prompt, not iOS)', () => {
    renderWithProviders(<InstallAppOffer />);
    expect(screen.queryByRole('region', { name: 'Install the app' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it("offers to install once the browser fires its prompt, and opens the browser's dialog on click", async () => {
    renderWithProviders(<InstallAppOffer />);
    const { event, prompt } = installPromptEvent();
    act(() => {
      window.dispatchEvent(event);
    });
    // The browser's own mini banner is replaced by ours.
    expect(event.defaultPrevented).toBe(true);
    expect(screen.getByRole('region', { name: 'Install the app' })).toHaveTextContent(
      'Open MyCarePlan from your home screen or desktop, in its own window.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Install the app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    // A prompt event can be used once: the offer goes away.
    expect(screen.queryByRole('button', { name: 'Install the app' })).not.toBeInTheDocument();
  });

  it('remembers "Not now" on this device', async () => {
    const first = renderWithProviders(<InstallAppOffer />);
    act(() => {
      window.dispatchEvent(installPromptEvent().event);
    });
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Install the app' })).not.toBeInTheDocument();
    expect(localStorage.getItem('installOfferDismissed')).toBe('yes');
    first.unmount();
    renderWithProviders(<InstallAppOffer />);
    expect(screen.queryByRole('region', { name: 'Install the app' })).not.toBeInTheDocument();
  });

  it('disappears once the app is installed', () => {
    renderWithProviders(<InstallAppOffer />);
    act(() => {
      window.dispatchEvent(installPromptEvent().event);
    });
    expect(screen.getByRole('button', { name: 'Install the app' })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(screen.queryByRole('region', { name: 'Install the app' })).not.toBeInTheDocument();
  });

  it('on iOS, which has no prompt, explains Add to Home Screen and can be put away', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(IPHONE);
    renderWithProviders(<InstallAppOffer />);
    expect(screen.getByRole('region', { name: 'Install the app' })).toHaveTextContent(
      'To install MyCarePlan, tap the Share button, then "Add to Home Screen".',
    );
    expect(screen.queryByRole('button', { name: 'Install the app' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('region', { name: 'Install the app' })).not.toBeInTheDocument();
  });

  it('shows nothing when the app already runs installed', () => {
    const matchMedia = window.matchMedia.bind(window);
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => {
      const list = matchMedia(query);
      return query === '(display-mode: standalone)'
        ? Object.assign(Object.create(list) as MediaQueryList, { matches: true })
        : list;
    });
    renderWithProviders(<InstallAppOffer />);
    act(() => {
      window.dispatchEvent(installPromptEvent().event);
    });
    expect(screen.queryByRole('region', { name: 'Install the app' })).not.toBeInTheDocument();
  });
});

describe('isIos', () => {
  it('knows iPhones and iPads (which call themselves Macs with touch), not desktops or Android', () => {
    expect(isIos(IPHONE, 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 5)).toBe(true);
    expect(isIos('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari/605.1.15', 0)).toBe(false);
    expect(isIos('Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/126.0 Mobile', 5)).toBe(false);
  });
});
