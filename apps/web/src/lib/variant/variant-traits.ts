import type { AppVariant } from '@app/contracts/variants';

// What each variant shares with the others, asked by name instead of comparing variant strings in
// every screen (decision 0037). No zod here: the first page imports this (decision 0006).

/**
 * spec 1 §1, spec 3 §1: the provider apps — Care Manager, and in some cases the women's-healthcare
 * app. Both show the appointment provider filter (spec 3 §2, §6).
 */
export function isProviderApp(variant: AppVariant): boolean {
  return variant === 'care-manager' || variant === 'womens-healthcare';
}

/**
 * spec 1 §1: what is "specific to" the Care Manager app, not to every provider app: the booking,
 * recurring-visit, advanced-filter and convert-to-telehealth features of document 2, and the live-chat
 * widget and product tour (biometric login too, carried by the features flag).
 */
export function hasCareManagerFeatures(variant: AppVariant): boolean {
  return variant === 'care-manager';
}

/**
 * The care-plan app (MyCarePlan) and UnitedMD, which is a care-plan app under its own name whose
 * sign-up ends on its scheduling start (spec 1 §1, §2). spec 3 §2: adding a family member is a
 * care-plan app feature.
 */
export function isCarePlanApp(variant: AppVariant): boolean {
  return variant === 'care-plan' || variant === 'unitedmd';
}

/** spec 1 §1, §2: the quick-link app, which people open from a link; its landing explains that. */
export function isQuickLinkApp(variant: AppVariant): boolean {
  return variant === 'quick-link';
}

/** spec 1 §2: in the UnitedMD app sign-up always ends at /user/unitedmd-schedule. */
export function isUnitedMdApp(variant: AppVariant): boolean {
  return variant === 'unitedmd';
}

/**
 * spec 1 §1, spec 3 §2 (decision 0046): the provider app inside a browser extension — Open in
 * Browser, the roadmap on its own route, the chat closing on resize, the SSO message.
 */
export function isBrowserExtensionApp(variant: AppVariant): boolean {
  return variant === 'browser-extension';
}

/**
 * spec 3 §2 "the filter icon": each provider app shows its own glyph on the schedule's filter
 * (decision 0037); null where the filter is not shown.
 */
export type FilterIcon = 'funnel' | 'womens-health';

export function filterIconOf(variant: AppVariant): FilterIcon | null {
  switch (variant) {
    case 'care-manager':
      return 'funnel';
    case 'womens-healthcare':
      return 'womens-health';
    case 'care-plan':
    case 'check-in':
    case 'quick-link':
    case 'unitedmd':
    case 'browser-extension':
      // spec 3 §6 names only Care Manager and women's healthcare for the filter.
      return null;
  }
}
