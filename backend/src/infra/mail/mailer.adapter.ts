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

/** nodemailer transport options from SMTP_URL, with short timeouts so a dead server fails fast and is retried later. */
export function smtpTransport(url: string) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || (u.protocol === 'smtps:' ? 465 : 25)),
    secure: u.protocol === 'smtps:',
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
    // Local catchers speak plain SMTP; real servers are reached with smtps:// or STARTTLS.
    ignoreTLS: ['localhost', '127.0.0.1'].includes(u.hostname),
    connectionTimeout: 5000,
    greetingTimeout: 5000,
    socketTimeout: 10000,
  };
}
