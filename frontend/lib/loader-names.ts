/**
 * The name under which the script loader (server/scripts-after-paint.ts) leaves the function that takes over what a
 * visitor did before hydration: the root layout's module gives it the way to fetch the hand-over's chunk
 * (lib/hand-over.ts) and calls what it returns at the hydration's commit. Apart so that the server needs no DOM code.
 */
export const TAKE_OVER = '__beforeHydration';

export type TakeOver = (load: () => Promise<unknown>) => (done: () => void) => void;
