import { Injectable } from '@nestjs/common';
import { MailerService } from '@nestjs-modules/mailer';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** The only file that talks to @nestjs-modules/mailer (nodemailer over SMTP_URL). */
@Injectable()
export class MailerAdapter {
  constructor(
    private readonly mailer: MailerService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    await this.mailer.sendMail({ from: this.config.mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined });
  }
}

/** Loopback hosts: the development mail catcher and test servers, which speak plain SMTP. */
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/**
 * nodemailer transport options from SMTP_URL, with short timeouts so a dead server fails fast and is retried later.
 * smtps:// speaks TLS from the start; plain smtp:// to any other host must upgrade with STARTTLS (requireTLS), so
 * codes and reset links never cross the network in clear text.
 */
export function smtpTransport(url: string) {
  const u = new URL(url);
  const secure = u.protocol === 'smtps:';
  const local = LOOPBACK.test(u.hostname);
  return {
    host: u.hostname,
    port: Number(u.port || (secure ? 465 : 25)),
    secure,
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
    ignoreTLS: local,
    requireTLS: !secure && !local,
    connectionTimeout: 5000,
    greetingTimeout: 5000,
    socketTimeout: 10000,
  };
}
