/**
 * What `import ... from 'react'` gives the app and its libraries (vite.config.ts aliases react here):
 * preact/compat, with one hook of its own.
 *
 * useId: preact/compat numbers ids per render root, and a portal that renders again (a Radix dialog
 * whose content changes) starts a root of its own, so a field mounted later in a dialog got the id
 * of one on the page behind it ("P0-0" twice), and aria-labelledby, htmlFor and aria-describedby
 * pointed at the wrong element. React's client ids come from one counter for the whole page; so do
 * these. No page is rendered on a server, so no id has to match one in server-rendered HTML.
 *
 * autoFocus: React focuses an element that mounts with autoFocus; Preact only writes the autofocus
 * attribute, which a browser honours once per document at most, so a code box or field shown later
 * (the authenticator step after the password) was not focused. Here it is focused as it mounts, as
 * React does, and the attribute is left out, as React leaves it out.
 */
import { options, type Ref, type VNode } from 'preact';
import compat from 'preact/compat';
import { useState } from 'preact/hooks';

// @ts-expect-error TS2498: the types of preact/compat say `export =`; the module has ES named exports.
export * from 'preact/compat';

// One count for the page, kept on globalThis: the dev server's pre-bundled libraries hold a copy of
// this module of their own, and ids of theirs and of the app's must not meet either.
const ids = ((globalThis as { causewayIds?: { last: number } }).causewayIds ??= { last: 0 });

/** An id unique in the page (React 19's form, _r_1_), the same on every render of the component that asked for it. */
export function useId(): string {
  const [id] = useState(() => `_r_${(ids.last += 1).toString(36)}_`);
  return id;
}

export default { ...compat, useId };

/** Elements already given their autoFocus: once, when they mount, never on a later render. */
const focusedOnMount = new WeakSet<object>();

function applyRef(ref: Ref<unknown> | null | undefined, value: unknown) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

const previousVnodeHook = options.vnode;
options.vnode = (vnode: VNode<{ autoFocus?: boolean }>) => {
  if (typeof vnode.type === 'string' && vnode.props.autoFocus !== undefined) {
    const wanted = vnode.props.autoFocus;
    const ref = vnode.ref;
    delete vnode.props.autoFocus;
    vnode.ref = (element: HTMLElement | null) => {
      if (element && !focusedOnMount.has(element)) {
        focusedOnMount.add(element);
        if (wanted) element.focus();
      }
      applyRef(ref, element);
    };
  }
  previousVnodeHook?.(vnode);
};
