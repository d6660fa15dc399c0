/**
 * The overlay's modal dialog around the checkout's iframe: a backdrop, a labelled dialog, a close
 * button, Escape to close, focus kept inside while open and given back after, and the page's scroll
 * locked underneath. Plain DOM and CSSOM styles (see checkout-frame.ts for why no stylesheet).
 */

/** Above almost anything a page stacks (the largest 32-bit z-index is 2147483647). */
const Z_INDEX = '2147483000';
const PANEL_MAX_WIDTH = '480px';
/** Phones get the whole screen: a floating card with margins leaves too little room for the checkout's forms. */
const PHONE_QUERY = '(max-width: 600px)';

export interface Overlay {
  /** Removes the overlay and gives back focus and scrolling. Safe to call twice. */
  unmount(): void;
}

function lockScroll(): () => void {
  const { documentElement: html, body } = document;
  const saved = [html.style.overflow, body.style.overflow] as const;
  html.style.overflow = 'hidden';
  body.style.overflow = 'hidden';
  return () => {
    html.style.overflow = saved[0];
    body.style.overflow = saved[1];
  };
}

function createCloseButton(onClose: () => void): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.setAttribute('aria-label', 'Close checkout');
  button.textContent = '×';
  Object.assign(button.style, {
    position: 'absolute',
    top: '8px',
    right: '8px',
    width: '36px',
    height: '36px',
    border: '0',
    borderRadius: '50%',
    background: 'rgba(255, 255, 255, 0.92)',
    color: '#111',
    fontSize: '24px',
    lineHeight: '36px',
    cursor: 'pointer',
    boxShadow: '0 1px 4px rgba(0, 0, 0, 0.3)',
  });
  button.addEventListener('click', onClose);
  return button;
}

/** Sizes the dialog for the screen: a centred card up to 480 px wide, or the whole screen on a phone. */
function layoutPanel(panel: HTMLElement, isPhone: boolean): void {
  Object.assign(panel.style, {
    maxWidth: isPhone ? 'none' : PANEL_MAX_WIDTH,
    height: isPhone ? '100%' : 'min(760px, calc(100% - 32px))',
    borderRadius: isPhone ? '0' : '12px',
  });
}

export function mountOverlay(iframe: HTMLIFrameElement, title: string, onCloseRequest: () => void): Overlay {
  const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;

  const backdrop = document.createElement('div');
  Object.assign(backdrop.style, {
    position: 'fixed',
    inset: '0',
    zIndex: Z_INDEX,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: 'rgba(0, 0, 0, 0.55)',
  });
  // No close on a backdrop click: a stray click must not throw away a payment half done.

  const panel = document.createElement('div');
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-modal', 'true');
  panel.setAttribute('aria-label', title);
  panel.tabIndex = -1;
  Object.assign(panel.style, { position: 'relative', width: '100%', overflow: 'hidden', background: '#fff', outline: 'none' });
  const phone = typeof window.matchMedia === 'function' ? window.matchMedia(PHONE_QUERY) : null;
  const relayout = () => layoutPanel(panel, phone?.matches ?? false);
  relayout();
  phone?.addEventListener('change', relayout);

  const closeButton = createCloseButton(onCloseRequest);
  panel.append(iframe, closeButton);
  backdrop.append(panel);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCloseRequest();
  };
  // aria-modal tells assistive technology the page behind is inert; this makes it so for the keyboard:
  // focus that leaves the dialog (Tab past the iframe) is brought back to the close button.
  const onFocusIn = (event: FocusEvent) => {
    if (event.target instanceof Node && !panel.contains(event.target)) closeButton.focus();
  };

  const unlockScroll = lockScroll();
  document.body.append(backdrop);
  document.addEventListener('keydown', onKeyDown);
  document.addEventListener('focusin', onFocusIn);
  // Into the checkout itself: that is what the person came to use.
  iframe.focus();
  if (document.activeElement !== iframe) panel.focus();

  let mounted = true;
  return {
    unmount() {
      if (!mounted) return;
      mounted = false;
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      phone?.removeEventListener('change', relayout);
      backdrop.remove();
      unlockScroll();
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    },
  };
}
