import { Transform } from 'class-transformer';

/** Text fields arrive with the spaces people type around them; other types are left for the validator to name. */
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** Emails are compared and stored trimmed and in lower case, so 'Aoife@Example.ie ' is the same account. */
export const LowerEmail = () => Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value));
