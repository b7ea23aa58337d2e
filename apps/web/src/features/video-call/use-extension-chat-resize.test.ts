import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useExtensionChatResize } from './use-extension-chat-resize.ts';

// spec 3 §9 "Chat closed on resize in the browser extension when the width is not 900 (100 ms
// debounce)" (decision 0046).

function resizeTo(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

describe('useExtensionChatResize', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    resizeTo(1024);
  });

  it('closes the chat 100 ms after the last resize, when the width is not 900', () => {
    const closeChat = vi.fn();
    renderHook(() => {
      useExtensionChatResize(true, closeChat);
    });
    resizeTo(700);
    vi.advanceTimersByTime(60);
    resizeTo(640);
    vi.advanceTimersByTime(99);
    expect(closeChat).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(closeChat).toHaveBeenCalledTimes(1);
  });

  it('keeps the chat when the resize ends at 900 px', () => {
    const closeChat = vi.fn();
    renderHook(() => {
      useExtensionChatResize(true, closeChat);
    });
    resizeTo(640);
    resizeTo(900);
    vi.advanceTimersByTime(500);
    expect(closeChat).not.toHaveBeenCalled();
  });

  it('does nothing outside the extension (or with the chat closed), and stops listening on unmount', () => {
    const closeChat = vi.fn();
    renderHook(() => {
      useExtensionChatResize(false, closeChat);
    });
    resizeTo(500);
    vi.advanceTimersByTime(500);
    const mounted = renderHook(() => {
      useExtensionChatResize(true, closeChat);
    });
    mounted.unmount();
    resizeTo(400);
    vi.advanceTimersByTime(500);
    expect(closeChat).not.toHaveBeenCalled();
  });
});
