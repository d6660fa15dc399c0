import { afterEach, describe, expect, it, vi } from 'vitest';
import { isInNativeWebview, notifyHost } from './webview-bridge';

afterEach(() => {
  delete (window as { ReactNativeWebView?: unknown }).ReactNativeWebView;
  vi.restoreAllMocks();
});

describe('notifyHost', () => {
  it('posts JSON to a React Native WebView, the only channel its app hears', () => {
    const native = vi.fn();
    (window as { ReactNativeWebView?: unknown }).ReactNativeWebView = { postMessage: native };
    const parent = vi.spyOn(window.parent, 'postMessage');
    expect(isInNativeWebview()).toBe(true);
    notifyHost({ type: 'causeway:test', orderId: 'ord_1' });
    expect(native).toHaveBeenCalledExactlyOnceWith('{"type":"causeway:test","orderId":"ord_1"}');
    expect(parent).not.toHaveBeenCalled();
  });

  it('else posts the object to the parent frame (any origin: the message carries nothing secret)', () => {
    const parent = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => {});
    expect(isInNativeWebview()).toBe(false);
    notifyHost({ type: 'causeway:test', cardId: 'crd_1' });
    expect(parent).toHaveBeenCalledExactlyOnceWith({ type: 'causeway:test', cardId: 'crd_1' }, '*');
  });
});
