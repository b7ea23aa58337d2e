// Zod-free single sign-on constants and checks: the web's first screens import them without the
// validation library (decision 0006).

/** spec 1 §2: the EHRs that open the SSO landing (athenahealth is the spec's default). */
export const SSO_PROVIDERS = ['athenahealth', 'ecw'] as const;
export type SsoProvider = (typeof SSO_PROVIDERS)[number];

/**
 * The query the feedback service sends people to our provider login with (spec 1 §2 "valid
 * feedback-service single sign-on parameters", decision 0011): its company id and an absolute
 * http(s) address to return to. The server checks the address against FEEDBACK_SSO_URL's origin.
 */
export function feedbackSsoParams(query: URLSearchParams): { companyID: string; redirect: string } | null {
  const companyID = query.get('companyID')?.trim() ?? '';
  const redirect = query.get('redirect')?.trim() ?? '';
  if (!companyID || !redirect || !URL.canParse(redirect)) {
    return null;
  }
  const protocol = new URL(redirect).protocol;
  return protocol === 'https:' || protocol === 'http:' ? { companyID, redirect } : null;
}
