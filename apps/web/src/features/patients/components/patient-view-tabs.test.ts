import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PATIENT_TABS } from './patient-view-tabs.ts';

// Emoji rendered as empty boxes where no emoji font exists (issue 18); the tabs draw tabler icons.
const EMOJI = /\p{Extended_Pictographic}/u;

describe('patient chart tabs', () => {
  it('every tab draws a tabler SVG icon, hidden from assistive technology, never an emoji', () => {
    for (const tab of PATIENT_TABS) {
      const markup = renderToStaticMarkup(createElement(tab.icon, { size: 18, 'aria-hidden': true }));
      expect(markup, tab.segment).toMatch(/^<svg[^>]*class="tabler-icon tabler-icon-[a-z0-9-]+"/);
      expect(markup, tab.segment).toContain('aria-hidden="true"');
      expect(EMOJI.test(markup), tab.segment).toBe(false);
    }
    expect(new Set(PATIENT_TABS.map((tab) => tab.icon)).size).toBe(PATIENT_TABS.length);
  });
});
