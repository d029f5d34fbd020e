import { Injectable } from '@nestjs/common';
import * as argon2 from 'argon2';

/** argon2id with the library's recommended cost (64 MiB, 3 passes). The only file that imports argon2. */
@Injectable()
export class PasswordHasher {
  hash(password: string): Promise<string> {
    return argon2.hash(password, { type: argon2.argon2id });
  }

  /**
   * Checks a password. Without a hash (unknown or unconfirmed account) a dummy hash is checked instead, so the
   * answer takes as long and an attacker cannot tell from the timing which emails have accounts.
   */
  async verify(hash: string | null, password: string): Promise<boolean> {
    this.dummy ??= argon2.hash(`dummy-${Math.random()}`, { type: argon2.argon2id });
    try {
      const ok = await argon2.verify(hash ?? (await this.dummy), password);
      return ok && hash !== null;
    } catch {
      return false;
    }
  }

  private dummy: Promise<string> | undefined;
}
