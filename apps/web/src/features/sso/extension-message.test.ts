import { describe, expect, it, vi } from 'vitest';
import { SSO_EXTENSION_MESSAGE_TYPE } from '@app/contracts/variants';
import { postSsoMessageToExtension } from './extension-message.ts';

// spec 1 §4 "For athenahealth and ecw a message is sent to a browser extension when one is
// configured" (decision 0046).

const EXTENSION = 'chrome-extension://abcdefghijklmnop';

function framed() {
  const parent = { postMessage: vi.fn() };
  return { parent, self: { parent, opener: null } };
}

describe('postSsoMessageToExtension', () => {
  it('posts to the framing page, addressed to the extension origin only, without a token', () => {
    const { parent, self } = framed();
    expect(postSsoMessageToExtension({ browserExtensionOrigin: EXTENSION }, 'ecw', 'P-7', self)).toBe(true);
    expect(parent.postMessage).toHaveBeenCalledWith(
      { type: SSO_EXTENSION_MESSAGE_TYPE, provider: 'ecw', patientId: 'P-7' },
      EXTENSION,
    );
  });

  it('posts to the opener when the portal is not framed (athenahealth, no patient)', () => {
    const opener = { postMessage: vi.fn() };
    const self: { parent: unknown; opener: unknown } = { parent: null, opener };
    self.parent = self;
    expect(postSsoMessageToExtension({ browserExtensionOrigin: EXTENSION }, 'athenahealth', null, self)).toBe(
      true,
    );
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: SSO_EXTENSION_MESSAGE_TYPE, provider: 'athenahealth', patientId: null },
      EXTENSION,
    );
  });

  it('posts nothing without a configured extension, or with no window to post to', () => {
    const { parent, self } = framed();
    expect(postSsoMessageToExtension({}, 'ecw', null, self)).toBe(false);
    expect(parent.postMessage).not.toHaveBeenCalled();
    const alone: { parent: unknown; opener: unknown } = { parent: null, opener: null };
    alone.parent = alone;
    expect(postSsoMessageToExtension({ browserExtensionOrigin: EXTENSION }, 'ecw', null, alone)).toBe(false);
  });
});
