import type { AppConfig } from '../../config/configuration';

export function signupCodeMail(config: AppConfig, firstName: string, code: string) {
  return {
    // Not the code itself: the outbox keeps subjects after sending.
    subject: `Your ${config.siteName} sign-up code`,
    text:
      `Hi ${firstName},\n\nYour sign-up code for ${config.siteName} is ${code}.\n` +
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
