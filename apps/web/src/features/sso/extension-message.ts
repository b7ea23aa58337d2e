import {
  SSO_EXTENSION_MESSAGE_TYPE,
  type AppConfig,
  type SsoExtensionMessage,
} from '@app/contracts/variants';
import type { SsoProvider } from '@app/contracts/sso-params';

/** The window that hosts the portal: the extension's page framing it, or the one that opened it. */
interface HostWindow {
  parent: unknown;
  opener: unknown;
}
interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

function isMessageTarget(value: unknown): value is MessageTarget {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { postMessage?: unknown }).postMessage === 'function'
  );
}

/**
 * spec 1 §4 (issue 17 item 7, decision 0046): after a single sign-on from athenahealth or ecw, a
 * message goes to the browser extension when one is configured — to the window framing the portal
 * (or, if none, the one that opened it), addressed to the extension's origin only, so no other page
 * hosting the portal can read it. It carries no token. Answers whether a message was posted.
 */
export function postSsoMessageToExtension(
  config: Pick<AppConfig, 'browserExtensionOrigin'>,
  provider: SsoProvider,
  patientId: string | null,
  self: HostWindow = window,
): boolean {
  const origin = config.browserExtensionOrigin;
  // The landing admits only athenahealth and ecw (SSO_PROVIDERS), the two EHRs the rule names.
  if (!origin) {
    return false;
  }
  const host = self.parent !== self ? self.parent : self.opener;
  if (!isMessageTarget(host)) {
    return false;
  }
  const message: SsoExtensionMessage = { type: SSO_EXTENSION_MESSAGE_TYPE, provider, patientId };
  host.postMessage(message, origin);
  return true;
}
