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
