import { Transform } from 'class-transformer';

/** Query strings arrive as text: '' means "no filter" (spec section 7), so it becomes undefined. */
export const EmptyAsUndefined = () =>
  Transform(({ value }) => (typeof value === 'string' && value.trim() === '' ? undefined : typeof value === 'string' ? value.trim() : value));

/** Whole numbers from query text; anything else is left as is so the validator can name it. */
export const ToInt = () =>
  Transform(({ value }) => (typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value));
