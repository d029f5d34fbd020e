import { Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/configuration';
import { InjectConfig } from '../../config/config.module';
import { KeyedMac } from '../../infra/keyed-mac';

/**
 * The time an enquiry form was handed out, signed by the API (`<ms>.<mac>`): the site renders it with the form, and the
 * enquiry brings it back, so how long the form took is measured on the server rather than taken from the client.
 */
@Injectable()
export class FormTokens {
  private readonly mac: KeyedMac;

  constructor(@InjectConfig() config: AppConfig) {
    this.mac = new KeyedMac(config.jwt.secret, 'enquiry-form');
  }

  issue(now = Date.now()): string {
    return `${now}.${this.mac.of(String(now))}`;
  }

  /** When the token was issued, or null for anything this API did not sign. */
  issuedAt(token: string): number | null {
    const m = /^(\d{1,15})\.([\w-]{43})$/.exec(token);
    return m && this.mac.matches(m[1], m[2]) ? Number(m[1]) : null;
  }
}
