import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
});

// The viewer's zone is the browser's (format-time.ts, decision 0053): the web tests run in one zone,
// whatever the machine's, so a time that names its zone does so on every machine.
process.env.TZ = 'UTC';

// Mantine reads media queries and observes sizes; jsdom has neither.
if (!('matchMedia' in window) || typeof window.matchMedia !== 'function') {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList,
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe(): void {
      // jsdom lays nothing out
    }
    unobserve(): void {
      // nothing observed
    }
    disconnect(): void {
      // nothing observed
    }
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

// React Router's scroll restoration scrolls; jsdom does not implement it.
window.scrollTo = () => undefined;

// Mantine's combobox (Select, Autocomplete) scrolls the highlighted option into view.
if (typeof Element.prototype.scrollIntoView !== 'function') {
  Element.prototype.scrollIntoView = () => undefined;
}
