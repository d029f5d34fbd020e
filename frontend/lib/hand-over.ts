import { flushSync } from 'react-dom';
import { setPressFollows } from './press-follows';

/**
 * What a visitor did before the page was hydrated, taken over once it is.
 *
 * The page's scripts load after the paint (server/scripts-after-paint.ts), so a visitor, or the browser's autofill,
 * may type into a form before React owns it. React hydrates an input as it finds it but keeps its own state (empty):
 * the next render would write that state back into the box, and a submit would read it. So, at the hydration's
 * commit, the script loader lists every form control whose shown value differs from what React rendered, and this
 * chunk, fetched only then, hands each to its own onChange, as if typed now; then it does the press the loader held (a
 * button clicked, Enter, a form sent), once, with the values shown. Text inputs, text areas, checkboxes, radio
 * buttons, selects and file inputs are covered; nothing is asked of a form.
 */

/** A control whose shown value React does not have: its value (and the one React rendered), ticked state or options. */
export interface Shown {
  el: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  value?: string;
  initial?: string;
  checked?: boolean;
  selected?: boolean[];
}

/** What the loader held: the last press (a button or a form) and the controls to hand over. */
export interface Held {
  press: HTMLElement | null;
  shown: Shown[];
}

/** The value setter of the element's prototype, which React's change tracking (an own property) does not see. */
function nativeSetter(el: Shown['el'], property: 'value' | 'checked'): (v: unknown) => void {
  return Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), property)!.set!.bind(el);
}

/**
 * Hands one control's shown value to its onChange, the way React listens for it. A render since hydration may have
 * written React's empty state into it: the shown value is put back first. A text box whose React value has changed
 * since (the visitor typed on after hydration) is React's already and is left alone.
 */
function handOverOne({ el, value, initial, checked, selected }: Shown): void {
  if (!el.isConnected) return;
  if (el instanceof HTMLSelectElement) {
    selected!.forEach((s, i) => el.options[i] && (el.options[i].selected = s));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (checked !== undefined) {
    // Through the element's own setter React notes the other state, so the click's toggle reads as a change.
    (el as HTMLInputElement).checked = !checked;
    (el as HTMLInputElement).click();
  } else if (value === undefined) {
    el.dispatchEvent(new Event('change', { bubbles: true }));
  } else if (el.defaultValue === initial) {
    // React's change tracking (an own value property) notes the old value through a stand-in element, so the box,
    // its caret and what is being typed into it are not touched.
    const tracking = Object.getOwnPropertyDescriptor(el, 'value')?.set;
    if (tracking) tracking.call(document.createElement(el.tagName === 'TEXTAREA' ? 'textarea' : 'input'), el.defaultValue);
    else el.value = el.defaultValue;
    if (el.value !== value) nativeSetter(el, 'value')(value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

/**
 * Hands each control over in document order, each rendered before the next (flushSync), so handlers that copy the
 * form's state see the previous field; then does the held press. Focus stays where the visitor left it.
 */
export function handOver({ press, shown }: Held, done: () => void): void {
  const focused = document.activeElement as HTMLElement | null;
  setPressFollows(!!press?.isConnected);
  try {
    for (const s of shown) flushSync(() => handOverOne(s));
  } finally {
    setPressFollows(false);
  }
  if (focused && document.activeElement !== focused && focused.isConnected) focused.focus({ preventScroll: true });
  done();
  if (!press?.isConnected) return;
  if (press instanceof HTMLFormElement) press.requestSubmit();
  else press.click();
}
