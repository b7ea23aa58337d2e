import { describe, expect, it } from 'vitest';
import { APP_VARIANTS } from '@app/contracts/variants';
import {
  filterIconOf,
  hasCareManagerFeatures,
  isCarePlanApp,
  isProviderApp,
  isQuickLinkApp,
  isUnitedMdApp,
} from './variant-traits.ts';

const matching = (check: (variant: (typeof APP_VARIANTS)[number]) => boolean) =>
  APP_VARIANTS.filter((variant) => check(variant));

describe('variant traits (decision 0037)', () => {
  it('names the provider apps: Care Manager and women’s healthcare (spec 3 §1)', () => {
    expect(matching(isProviderApp)).toEqual(['care-manager', 'womens-healthcare']);
  });

  it('keeps booking, recurring, advanced filters and convert-to-telehealth to Care Manager (spec 1 §1)', () => {
    expect(matching(hasCareManagerFeatures)).toEqual(['care-manager']);
  });

  it('counts UnitedMD as a care-plan app, the quick-link app not', () => {
    expect(matching(isCarePlanApp)).toEqual(['care-plan', 'unitedmd']);
    expect(matching(isQuickLinkApp)).toEqual(['quick-link']);
    expect(matching(isUnitedMdApp)).toEqual(['unitedmd']);
  });

  it('gives each provider app its own filter icon and the others none', () => {
    expect(filterIconOf('care-manager')).toBe('funnel');
    expect(filterIconOf('womens-healthcare')).toBe('womens-health');
    expect(APP_VARIANTS.filter((variant) => filterIconOf(variant) !== null)).toEqual(matching(isProviderApp));
  });
});
