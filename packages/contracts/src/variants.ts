import { z } from 'zod';
import { roleSchema } from './roles.ts';

// spec 1 §1: the variant decides the default route, role, grant type and feature set.
// One build serves every variant; the server's APP_VARIANT picks the defaults (ARCHITECTURE.md).
// quick-link, unitedmd and womens-healthcare are the other variants spec 1 §1 names (decision 0037).
export const APP_VARIANTS = [
  'care-plan',
  'care-manager',
  'check-in',
  'quick-link',
  'unitedmd',
  'womens-healthcare',
  // Issue 17 item 7 (decision 0046): the provider app inside a browser extension.
  'browser-extension',
] as const;
export const appVariantSchema = z.enum(APP_VARIANTS);
export type AppVariant = z.infer<typeof appVariantSchema>;

/** Stored app mode (spec 1 §3): selfCheckIn is the kiosk mode. */
export const APP_MODE_SELF_CHECK_IN = 'selfCheckIn';

export const brandingSchema = z.object({
  logo: z.string().nullable(),
  backgroundColor: z.string(),
  checkInFlowColor: z.string().nullable(),
});
export type Branding = z.infer<typeof brandingSchema>;

// spec 1 §1 and §9.
export const DEFAULT_BRAND_BACKGROUND = '#33a094';
export const DEFAULT_APP_NAME = 'MyCarePlan';

export const appConfigSchema = z.object({
  variant: appVariantSchema,
  appName: z.string(),
  defaultRole: roleSchema,
  /** The grant the login form uses: doctor_username in the care-manager app, password elsewhere. */
  grantType: z.enum(['password', 'doctor_username']),
  clientId: z.string(),
  features: z.object({
    signUp: z.boolean(),
    biometricLogin: z.boolean(),
    liveChat: z.boolean(),
    productTour: z.boolean(),
    /** The guest app links to credential-recovery-select; the others to forgot-password (spec 1 §2). */
    credentialRecoverySelect: z.boolean(),
  }),
  branding: brandingSchema,
  /** Only present outside production, so the login page can mention the dev outbox. */
  devOutbox: z.boolean(),
  /** spec 1 §2 patient side menu: the external patient portal, when this deployment has one. */
  patientPortalUrl: z.string().nullable().optional(),
  /** spec 1 §1, §4: the chat widget and product-tour scripts; only in the care-manager app, when configured. */
  chatWidgetScriptUrl: z.string().optional(),
  productTourScriptUrl: z.string().optional(),
  /**
   * spec 1 §4, issue 17 item 7 (decision 0046): the browser extension's origin, in the
   * browser-extension app when configured; the SSO message is posted to it.
   */
  browserExtensionOrigin: z.string().optional(),
});
export type AppConfig = z.infer<typeof appConfigSchema>;

/**
 * spec 1 §4 (decision 0046): what the portal posts to the browser extension after a single sign-on
 * from athenahealth or ecw. No token or personal data: the extension learns that the portal inside it
 * is signed in, and for which EHR launch.
 */
export const SSO_EXTENSION_MESSAGE_TYPE = 'care-portal:sso-login';
export interface SsoExtensionMessage {
  type: typeof SSO_EXTENSION_MESSAGE_TYPE;
  provider: 'athenahealth' | 'ecw';
  /** The EHR's patient id of the launch, or null (the landing then opened provider appointments). */
  patientId: string | null;
}

/** spec 3 §9: in the browser extension the chat closes on a resize to any width but this one. */
export const EXTENSION_CHAT_WIDTH = 900;
/** spec 3 §9: the resize is read after this quiet time. */
export const EXTENSION_CHAT_RESIZE_DEBOUNCE_MS = 100;
