let follows = false;

/**
 * True while what was typed before hydration is being handed over and a held press will follow (lib/hand-over.ts): a
 * control that acts on its own when filled (the fourth code box submits) leaves it to that press, so the form is
 * sent once.
 */
export function pressWillFollow(): boolean {
  return follows;
}

export function setPressFollows(value: boolean): void {
  follows = value;
}
