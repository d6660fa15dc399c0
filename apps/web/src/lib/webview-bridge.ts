/** What an app's embedded view hears from a page: a type of ours plus ids, never anything secret. */
export interface HostMessage {
  type: string;
  [field: string]: unknown;
}

interface ReactNativeWindow {
  ReactNativeWebView?: { postMessage: (message: string) => void };
}

const nativeBridge = () => (window as Window & ReactNativeWindow).ReactNativeWebView;

/** Whether the page runs inside a React Native WebView (its bridge is injected before our scripts run). */
export const isInNativeWebview = (): boolean => Boolean(nativeBridge());

/**
 * Tells the app that embeds the page (a React Native WebView, or a parent frame) that something
 * happened, for the pages that end a flow inside an app instead of navigating. A React Native
 * WebView hears only its own bridge, and that takes strings, hence the JSON; parent.postMessage
 * never reaches it. The parent frame's origin is unknown here (any merchant may embed us), so the
 * message goes to '*': it must carry only ids and statuses, which read nothing without the session.
 */
export function notifyHost(message: HostMessage): void {
  const native = nativeBridge();
  if (native) native.postMessage(JSON.stringify(message));
  else window.parent.postMessage(message, '*');
}
