/** The reset request page answers at /password-reset-step1 and at /password-reset, which another page links to. */
export default (pageContext: { urlPathname: string }) => ['/password-reset-step1', '/password-reset'].includes(pageContext.urlPathname.replace(/\/$/, ''));
