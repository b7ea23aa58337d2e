import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { AppConfig } from '@app/contracts/variants';
import { renderWithProviders, TEST_CONFIG } from '../../test/render.tsx';
import { externalScriptState, startExternalScript } from './external-script.ts';
import { ExternalWidgets } from './external-widgets.tsx';

const CARE_MANAGER: AppConfig = {
  ...TEST_CONFIG,
  variant: 'care-manager',
  features: { ...TEST_CONFIG.features, liveChat: true, productTour: true },
  chatWidgetScriptUrl: 'https://chat.example.com/widget.js',
  productTourScriptUrl: 'https://tour.example.org/tour.js',
};

function scripts(kind: string) {
  return document.querySelectorAll<HTMLScriptElement>(`script[data-external-script="${kind}"]`);
}

afterEach(() => {
  cleanup();
});

describe('ExternalWidgets (decision 0016)', () => {
  it('care-manager with configuration: injects each script once and runs loading -> loaded -> destroyed', () => {
    const view = renderWithProviders(<ExternalWidgets />, { config: CARE_MANAGER });
    const chat = scripts('chat-widget');
    expect(chat).toHaveLength(1);
    expect(chat[0]?.src).toBe('https://chat.example.com/widget.js');
    expect(scripts('product-tour')).toHaveLength(1);
    expect(document.documentElement.dataset.chatWidget).toBe('loading');

    chat[0]?.dispatchEvent(new Event('load'));
    expect(externalScriptState('chat-widget')).toBe('loaded');
    expect(document.documentElement.dataset.chatWidget).toBe('loaded');

    // A second start while the script is there does not inject it again.
    startExternalScript('chat-widget', 'https://chat.example.com/widget.js');
    expect(scripts('chat-widget')).toHaveLength(1);
    expect(externalScriptState('chat-widget')).toBe('loaded');

    view.unmount();
    expect(scripts('chat-widget')).toHaveLength(0);
    expect(scripts('product-tour')).toHaveLength(0);
    expect(document.documentElement.dataset.chatWidget).toBe('destroyed');
    expect(document.documentElement.dataset.productTour).toBe('destroyed');
  });

  it('a script that fails to load is failed, not loaded', () => {
    const view = renderWithProviders(<ExternalWidgets />, { config: CARE_MANAGER });
    scripts('product-tour')[0]?.dispatchEvent(new Event('error'));
    expect(externalScriptState('product-tour')).toBe('failed');
    view.unmount();
  });

  it('loads nothing without configuration or outside the care-manager variant', () => {
    const configs: AppConfig[] = [
      { ...CARE_MANAGER, chatWidgetScriptUrl: undefined, productTourScriptUrl: undefined },
      { ...CARE_MANAGER, variant: 'care-plan' },
    ];
    for (const config of configs) {
      const view = renderWithProviders(<ExternalWidgets />, { config });
      expect(scripts('chat-widget')).toHaveLength(0);
      expect(scripts('product-tour')).toHaveLength(0);
      view.unmount();
    }
  });
});
