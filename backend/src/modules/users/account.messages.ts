import type { AppConfig } from '../../config/configuration';

export function emailChangeMail(config: AppConfig, firstName: string, code: string) {
  return {
    // Not the code itself: the outbox keeps subjects after sending.
    subject: `Confirm your new ${config.siteName} email`,
    text:
      `Hi ${firstName},\n\nYour email change code for ${config.siteName} is ${code}.\n` +
      `Enter it in your account page within 15 minutes to use this address from now on.\n\n` +
      `If you did not ask for this, you can ignore this email: your account keeps its address.\n`,
  };
}

/** To the address an account left: says where it went, and how to take it back. */
export function emailChangedMail(config: AppConfig, firstName: string, newEmail: string, link: string) {
  return {
    subject: `Your ${config.siteName} email was changed`,
    text:
      `Hi ${firstName},\n\nThe email of your ${config.siteName} account was changed to ${newEmail}, ` +
      `and every other session of the account was ended.\n\n` +
      `If you did not do this, follow this link within 7 days to put this address back and end every session:\n${link}\n` +
      `Then choose a new password (Forgot password on the log-in page).\n\n` +
      `If it was you, you can ignore this email.\n`,
  };
}
