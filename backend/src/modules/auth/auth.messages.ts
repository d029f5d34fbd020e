import type { AppConfig } from '../../config/configuration';

/** Stable codes and the spec's messages (section 8) for every answer the account calls give. */
export const AUTH_ERRORS = {
  email_exists: 'That email already exists!',
  wrong_code: 'That code is wrong!',
  code_expired: 'That code has expired. Please sign up again to get a new one.',
  invalid_credentials: 'Those details are wrong!',
  password_change_needed: 'Password change needed!',
  too_many_attempts: 'Too many attempts. Please wait 15 minutes and try again.',
  too_many_codes: 'We have sent several codes to that email already. Please use the newest one, or try again later.',
  no_record: "We've no record of that email!",
  invalid_token: 'The link is out of date.',
  session_ended: 'Your session has ended. Please log in again.',
} as const;

export type AuthErrorCode = keyof typeof AUTH_ERRORS;

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
