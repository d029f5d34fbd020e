import { Injectable, OnModuleDestroy } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** The only file that talks to nodemailer (SMTP to SMTP_URL). */
@Injectable()
export class MailerAdapter implements OnModuleDestroy {
  private readonly transport: Transporter;

  constructor(@InjectConfig() private readonly config: AppConfig) {
    this.transport = createTransport(smtpTransport(config.mail.smtpUrl));
  }

  async send(mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({ from: this.config.mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? undefined });
  }

  onModuleDestroy(): void {
    this.transport.close();
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
