/** A member lists a profile; an admin also sees hidden listings and manages users. */
export const ROLES = ['member', 'admin'] as const;
export type Role = (typeof ROLES)[number];
