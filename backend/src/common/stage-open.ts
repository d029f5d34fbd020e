import { SetMetadata } from '@nestjs/common';

/** The header the site server sends STAGE_KEY in, on every call of its own to the API. */
export const STAGE_KEY_HEADER = 'x-stage-key';
export const STAGE_OPEN_KEY = 'stageOpen';

/**
 * What a route lets through on stage besides allowed accounts and the site server: `open` anyone (signing in and
 * out, resets, health, pictures, Stripe's webhook); `invited` only an email on the stage's list (sign-up and its
 * code); `login` only an admin's or a listed account's email, answered like a wrong password otherwise.
 */
export const StageOpen = (to: 'open' | 'invited' | 'login' = 'open') => SetMetadata(STAGE_OPEN_KEY, to);

