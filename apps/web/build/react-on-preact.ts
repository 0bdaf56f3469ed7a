import { options, type Ref, type VNode } from 'preact';
import { createElement, type ReactNode } from 'preact/compat';

// @ts-expect-error -- preact/compat's types are `export =` (React's shape); its module has named exports.
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * What the production build runs React's API on (decision 0051): `preact/compat`, plus what the app needs
 * of React that compat does not do as React does.
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

/**
 * A controlled field shows its state, as in React. React puts a field's `value` back after every input
 * event, so a handler that refuses a keystroke (the booking form's phone takes digits, `+` and spaces) by
 * leaving its state as it was also leaves the field as it was. Preact only writes `value` when it renders,
 * and a state left as it was renders nothing: the refused letter stayed in the field. So the value each
 * field was last rendered with is noted (`options.diffed`; `__e` is the vnode's element, the name Preact's
 * own devtools read, stable within Preact's major version, pinned in package.json), and after an input
 * event has run its handlers, and the render they asked for, a field whose text differs from it gets it
 * back.
 */
const renderedValues = new WeakMap<EventTarget, string>();

const compatDiffedHook = options.diffed;
options.diffed = (vnode: VNode<{ value?: unknown }>) => {
  if (vnode.type === 'input' || vnode.type === 'textarea') {
    const element = (vnode as { __e?: EventTarget | null }).__e;
    const { value } = vnode.props;
    if (element) {
      if (value === undefined || value === null) renderedValues.delete(element);
      else renderedValues.set(element, String(value));
    }
  }
  compatDiffedHook?.(vnode);
};

function restoreRenderedValue(event: Event): void {
  const field = event.target;
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) return;
  // A listener on the document runs after the field's own handlers; the render they asked for is a
  // microtask queued before this one, so the value compared with is the one rendered after them.
  queueMicrotask(() => {
    const rendered = renderedValues.get(field);
    if (rendered !== undefined && field.value !== rendered) field.value = rendered;
  });
}

if (typeof document !== 'undefined') document.addEventListener('input', restoreRenderedValue);
