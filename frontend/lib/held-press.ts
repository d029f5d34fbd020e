/**
 * The name under which the script loader (server/scripts-after-paint.ts) leaves the function that does again a button
 * press or form sending held before hydration; the root layout (pages/+Layout.tsx) calls it once hydrated.
 */
export const REPLAY = '__replayHeldPress';

/** Does again the press held before hydration, if any (once: the loader's function forgets it). */
export function replayHeldPress(): void {
  (globalThis as unknown as Record<string, (() => void) | undefined>)[REPLAY]?.();
}
