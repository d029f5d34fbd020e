/** A member lists a profile; an admin also sees hidden listings and manages users (spec section 6). */
export const ROLES = ['member', 'admin'] as const;
export type Role = (typeof ROLES)[number];
