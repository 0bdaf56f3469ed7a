import { options, type Ref, type VNode } from 'preact';
import { createElement, type ReactNode } from 'preact/compat';

// @ts-expect-error -- preact/compat's types are `export =` (React's shape); its module has named exports.
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * What the production build runs React's API on (decision 0051): `preact/compat`, plus the two things the
 * app needs of React that it lacks.
 */

/**
 * React 19.2's `<Activity>`: Mantine keeps closed dropdowns, collapsed panels and inactive tabs mounted
 * inside one. Hidden keeps the children (and their state) but not their boxes.
 */
export function Activity({ mode, children }: { mode?: 'visible' | 'hidden'; children?: ReactNode }) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}

/**
 * React writes `tabIndex` as the `tabindex` attribute on every element; Preact sets the attribute by the
 * prop's name, and on an SVG element (case-sensitive) a `tabIndex` attribute makes nothing focusable: the
 * dental chart's teeth are `<g>` elements reached with Tab and the arrow keys.
 */
function tabindexAttribute(vnode: HostVNode): void {
  if (!('tabIndex' in vnode.props)) return;
  // A copy: the props object may be the rendering component's own.
  const { tabIndex, ...rest } = vnode.props;
  vnode.props = { ...rest, tabindex: tabIndex };
}

/**
 * React focuses an `autoFocus` element when it mounts; Preact only writes the attribute, which the browser
 * honours for the first one of a page load alone: the two-factor code and the new password fields appear
 * after the sign-in form was used. The ref that does it is kept per original ref, so that a re-render does
 * not pass a new ref (which would detach and attach the original one on every render).
 */
const focusingRefs = new WeakMap<object, Ref<Element>>();
const focusedOnMount = new WeakSet<Element>();
let focusingRefAlone: Ref<Element> | undefined;

function focusingRef(original: Ref<Element> | null | undefined): Ref<Element> {
  const cached = original ? focusingRefs.get(original) : focusingRefAlone;
  if (cached) return cached;
  const ref = (element: Element | null) => {
    if (element instanceof HTMLElement && !focusedOnMount.has(element)) {
      focusedOnMount.add(element);
      // After the commit, when the element is in the document.
      queueMicrotask(() => {
        if (element.isConnected) element.focus();
      });
    }
    if (typeof original === 'function') original(element);
    else if (original) original.current = element;
  };
  if (original) focusingRefs.set(original, ref);
  else focusingRefAlone = ref;
  return ref;
}

function focusOnMount(vnode: HostVNode): void {
  if (!('autoFocus' in vnode.props)) return;
  const { autoFocus, ...rest } = vnode.props;
  vnode.props = rest;
  if (autoFocus) vnode.ref = focusingRef(vnode.ref);
}

type HostVNode = VNode<{ tabIndex?: unknown; tabindex?: unknown; autoFocus?: unknown }>;

const compatVnodeHook = options.vnode;
options.vnode = (vnode: HostVNode) => {
  if (typeof vnode.type === 'string') {
    tabindexAttribute(vnode);
    focusOnMount(vnode);
  }
  compatVnodeHook?.(vnode);
};
