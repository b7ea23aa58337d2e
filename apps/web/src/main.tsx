// First: zod, wherever it loads later, parses without eval (lib/zod/jitless.ts).
import './lib/zod/jitless.ts';
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
// The sheets Mantine's components build on, always before the components' own sheets, which load
// with the screens that use them (build-plugins/mantine-component-styles.ts baseSheetsOf; a test
// keeps this list complete).
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
// Inter, self-hosted (docs/design.md); unicode-range lets the browser fetch only the subsets a page uses.
import '@fontsource-variable/inter/wght.css';
import './app/app.css';

/**
 * The boot screen is in index.html and paints as soon as the stylesheet is in; the app's code is
 * evaluated only after that paint (decision 0068), so a phone shows the portal's page at once instead
 * of a blank one while it compiles the app. index.html preloads the start's chunks, so nothing waits
 * for the network here.
 *
 * "After the paint" is the browser's own first-contentful-paint entry, not a timer or an animation
 * frame: a page whose clock is held (the e2e suite's, for the biometric prompt) has neither, and would
 * never start. A background tab paints nothing, so it starts at once; a browser without paint timing
 * starts after 100 ms.
 */
let started = false;
function startOnce(): void {
  if (started) {
    return;
  }
  started = true;
  void import('./app/start-app.tsx').then(({ startApp }) => {
    startApp();
  });
}
if (document.visibilityState === 'hidden' || !PerformanceObserver.supportedEntryTypes.includes('paint')) {
  startOnce();
} else {
  new PerformanceObserver((entries, observer) => {
    if (entries.getEntriesByName('first-contentful-paint').length > 0) {
      observer.disconnect();
      startOnce();
    }
  }).observe({ type: 'paint', buffered: true });
  setTimeout(startOnce, 100);
}
