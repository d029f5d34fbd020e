import { TAKE_OVER, type TakeOver } from './loader-names';

/**
 * True while what was typed before hydration is being handed over and a held press will follow
 * (server/scripts-after-paint.ts): a control that acts on its own when filled (the fourth code box submits) leaves it
 * to that press, so the form is sent once.
 */
export function pressWillFollow(): boolean {
  return !!(globalThis as unknown as Record<string, TakeOver | undefined>)[TAKE_OVER]?.f;
}
