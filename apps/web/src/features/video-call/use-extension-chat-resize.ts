import { useEffect } from 'react';
import { EXTENSION_CHAT_RESIZE_DEBOUNCE_MS, EXTENSION_CHAT_WIDTH } from '@app/contracts/variants';

/**
 * spec 3 §9 (issue 17 item 7, decision 0046): in the browser extension the chat is closed on a window
 * resize when the width is not 900, read after a 100 ms quiet time. The extension's panel is 900 px
 * wide; any other width means the panel was reshaped (docked, shrunk) and the chat would cover the call.
 */
export function useExtensionChatResize(enabled: boolean, closeChat: () => void): void {
  useEffect(() => {
    if (!enabled) {
      return undefined;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (window.innerWidth !== EXTENSION_CHAT_WIDTH) {
          closeChat();
        }
      }, EXTENSION_CHAT_RESIZE_DEBOUNCE_MS);
    };
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      clearTimeout(timer);
    };
  }, [enabled, closeChat]);
}
