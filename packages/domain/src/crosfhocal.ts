/** The crossword's twelve answer fields, in the crossword's order. */
export const CROSFHOCAL_ANSWER_FIELDS = [
  'across2',
  'down1',
  'across4',
  'down3',
  'across8',
  'down5',
  'across9',
  'down6',
  'across11',
  'down7',
  'across12',
  'down10',
] as const;
export type CrosfhocalAnswerField = (typeof CROSFHOCAL_ANSWER_FIELDS)[number];

/** 'across12' -> '12 Across'. */
export function answerLabel(field: CrosfhocalAnswerField): string {
  const [, way, n] = /^(across|down)(\d+)$/.exec(field)!;
  return `${n} ${way === 'across' ? 'Across' : 'Down'}`;
}

/** 'Friday 30 May 2025': the closing day as the page and the API's "closed" answer name it, in Irish time. */
export function closingDay(closesAt: Date | string): string {
  return new Date(closesAt).toLocaleDateString('en-IE', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Dublin' });
}
