import type { AppConfig } from '../../config/configuration';

/**
 * The sign-up code goes to an address nobody has confirmed yet: it carries nothing the sign-up typed (not its name), so
 * the form cannot be used to send someone else's words from the site's address.
 */
export function signupCodeMail(config: AppConfig, code: string) {
  return {
    // Not the code itself: the outbox keeps subjects after sending.
    subject: `Your ${config.siteName} sign-up code`,
    text:
      `Hello,\n\nYour sign-up code for ${config.siteName} is ${code}.\n` +
      `Enter it on the sign-up page within 15 minutes to activate your account.\n\n` +
      `If you did not sign up, you can ignore this email.\n`,
  };
}

export function passwordResetMail(config: AppConfig, firstName: string, link: string) {
  return {
    subject: `Reset your ${config.siteName} password`,
    text:
      `Hi ${firstName},\n\nFollow this link within one hour to choose a new password:\n${link}\n\n` +
      `The link works once. If you did not ask for it, you can ignore this email.\n`,
  };
}
