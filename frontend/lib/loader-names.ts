/**
 * The name under which the script loader (server/scripts-after-paint.ts) leaves the function that takes over what a
 * visitor typed, autofilled or pressed before hydration; the root layout calls it at the hydration's commit. Its
 * property f is true while the controls are handed over and a held press will follow. Apart so that the server needs
 * no DOM code.
 */
export const TAKE_OVER = '__beforeHydration';

export type TakeOver = ((done: () => void) => void) & { f?: boolean };

/**
 * The name under which the loader's first part, at the top of <head>, keeps a press held and the text areas typed in
 * before the rest of the page (and the loader's second part at its end) has arrived.
 */
export const EARLY_NAME = '__pressesHeld';
