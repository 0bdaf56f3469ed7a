import { render, type ComponentChild } from 'preact';
import { afterEach, describe, expect, it } from 'vitest';
import { createElement, createRef, useState } from 'preact/compat';
// Also installs the build's additions to preact/compat (its options hook) for every test below.
import { Activity } from './react-on-preact';

let root: HTMLElement;

function mount(vnode: ComponentChild): void {
  root ??= document.body.appendChild(document.createElement('div'));
  render(vnode, root);
}

afterEach(() => {
  render(null, root);
});

const nextMicrotask = () => new Promise<void>((resolve) => queueMicrotask(resolve));

describe('tabIndex', () => {
  it.each([
    [
      'an SVG group',
      () => createElement('svg', null, createElement('g', { tabIndex: 0, 'data-testid': 'x' })),
    ],
    ['a div', () => createElement('div', { tabIndex: -1, 'data-testid': 'x' })],
  ])('is written as the tabindex attribute on %s', (_, tree) => {
    mount(tree());
    const element = root.querySelector('[data-testid="x"]');
    expect(element?.getAttributeNames()).toContain('tabindex');
    expect(element?.getAttributeNames()).not.toContain('tabIndex');
  });
});

describe('autoFocus', () => {
  const form = (withCode: boolean, ref?: { current: HTMLInputElement | null }) =>
    createElement(
      'form',
      null,
      createElement('input', { name: 'password' }),
      withCode ? createElement('input', { name: 'code', autoFocus: true, ref }) : null,
    );

  it('focuses a field that appears after the page was used, once, and still fills its ref', async () => {
    mount(form(false));
    const password = root.querySelector<HTMLInputElement>('[name="password"]');
    password?.focus();
    const ref = createRef<HTMLInputElement>();
    mount(form(true, ref));
    await nextMicrotask();
    const code = root.querySelector('[name="code"]');
    expect(document.activeElement).toBe(code);
    expect(ref.current).toBe(code);
    expect(code?.hasAttribute('autofocus')).toBe(false);

    // A re-render does not take the focus back.
    password?.focus();
    mount(form(true, ref));
    await nextMicrotask();
    expect(document.activeElement).toBe(password);
  });
});

describe('Activity', () => {
  function Counter() {
    const [count, setCount] = useState(0);
    return createElement('button', { onClick: () => setCount(count + 1) }, `${count}`);
  }
  const tree = (mode: 'visible' | 'hidden') =>
    createElement(Activity, { mode }, createElement(Counter, null));

  it('hides its children while keeping their state', async () => {
    mount(tree('visible'));
    root.querySelector('button')?.click();
    await nextMicrotask();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(root.querySelector('button')?.textContent).toBe('1');

    mount(tree('hidden'));
    const box = root.firstElementChild as HTMLElement;
    expect(box.style.display).toBe('none');
    expect(root.querySelector('button')?.textContent).toBe('1');

    mount(tree('visible'));
    expect(box.style.display).toBe('contents');
    expect(root.querySelector('button')?.textContent).toBe('1');
  });
});

describe('a controlled field', () => {
  function PhoneField() {
    const [phone, setPhone] = useState('');
    return createElement('input', {
      'data-testid': 'phone',
      value: phone,
      onChange: (event: Event) =>
        setPhone((event.currentTarget as HTMLInputElement).value.replace(/\D/g, '')),
    });
  }

  async function typeInto(field: HTMLInputElement, text: string) {
    field.value = text;
    field.dispatchEvent(new Event('input', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }

  it('keeps the text its state gives it when a handler refuses a keystroke, as in React', async () => {
    mount(createElement(PhoneField, null));
    const field = root.querySelector<HTMLInputElement>('[data-testid="phone"]') as HTMLInputElement;
    await typeInto(field, '07');
    expect(field.value).toBe('07');
    await typeInto(field, '07a');
    expect(field.value).toBe('07');
    await typeInto(field, '072');
    expect(field.value).toBe('072');
  });

  it('leaves a field without a value prop alone', async () => {
    mount(createElement('input', { 'data-testid': 'free' }));
    const field = root.querySelector<HTMLInputElement>('[data-testid="free"]') as HTMLInputElement;
    await typeInto(field, 'any text');
    expect(field.value).toBe('any text');
  });
});
