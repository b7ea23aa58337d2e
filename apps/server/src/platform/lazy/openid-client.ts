import type * as OpenIdClient from 'openid-client';

// Imported when first used (decision 0078): only a clinic's single sign-on exchange needs it.
let loading: Promise<typeof OpenIdClient> | undefined;

export function loadOpenIdClient(): Promise<typeof OpenIdClient> {
  loading ??= import('openid-client');
  return loading;
}
