import type * as SimpleWebAuthn from '@simplewebauthn/server';

// Imported when first used (decision 0072): @simplewebauthn/server and its CBOR/ASN.1 dependencies cost
// about 370 ms at start-up, and only the passkey ceremonies need them.
let loading: Promise<typeof SimpleWebAuthn> | undefined;

export function loadSimpleWebAuthn(): Promise<typeof SimpleWebAuthn> {
  loading ??= import('@simplewebauthn/server');
  return loading;
}
