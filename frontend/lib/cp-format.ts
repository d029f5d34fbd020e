/** 'Nov 2026' for '2026-11': the statistics' months, read in UTC as the API counts them. */
export const monthLabel = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-IE', { month: 'short', year: 'numeric', timeZone: 'UTC' });
