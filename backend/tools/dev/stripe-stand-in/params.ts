import { invalid, missing, StripeError } from './errors';
import type { Form, FormValue } from './form';

/**
 * Reads one request's parameters the way Stripe validates them: a parameter the stand-in does not know is refused
 * (so a billing module never relies on something the stand-in silently ignores), a missing one is named, a bad value
 * is named with the reason.
 */
export class Params {
  constructor(
    private readonly form: Form,
    allowed: string[],
    private readonly parent = '',
  ) {
    const unknown = Object.keys(form).find((key) => !allowed.includes(key));
    if (unknown) {
      throw new StripeError(400, 'invalid_request_error', `Received unknown parameter: ${this.name(unknown)}`, 'parameter_unknown', this.name(unknown));
    }
  }

  /** The parameter's name as Stripe reports it: `subscription_data[trial_period_days]`. */
  name(key: string): string {
    return this.parent ? `${this.parent}[${key}]` : key;
  }

  has(key: string): boolean {
    return this.form[key] !== undefined;
  }

  string(key: string): string | undefined {
    const value = this.form[key];
    if (value === undefined) return undefined;
    if (typeof value !== 'string') throw invalid(this.name(key), `Invalid string: ${this.name(key)} must be a string.`);
    return value;
  }

  required<T>(value: T | undefined, key: string): T {
    if (value === undefined) throw missing(this.name(key));
    return value;
  }

  requiredString(key: string): string {
    const value = this.string(key);
    if (value === undefined || value === '') throw missing(this.name(key));
    return value;
  }

  /** Stripe's empty string means "unset" on update. */
  nullableString(key: string): string | null | undefined {
    const value = this.string(key);
    return value === '' ? null : value;
  }

  integer(key: string, min = 0, max = Number.MAX_SAFE_INTEGER): number | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    const n = Number(value);
    if (!/^-?\d+$/.test(value) || n < min || n > max) throw invalid(this.name(key), `Invalid integer: ${value} (${this.name(key)} must be between ${min} and ${max}).`);
    return n;
  }

  boolean(key: string): boolean | undefined {
    const value = this.string(key);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') throw invalid(this.name(key), `Invalid boolean: ${value} (${this.name(key)} must be true or false).`);
    return value === 'true';
  }

  oneOf<T extends string>(key: string, values: readonly T[]): T | undefined {
    const value = this.string(key);
    if (value !== undefined && !values.includes(value as T)) {
      throw invalid(this.name(key), `Invalid ${this.name(key)}: must be one of ${values.join(', ')} (the Stripe stand-in supports only these).`);
    }
    return value as T | undefined;
  }

  strings(key: string): string[] | undefined {
    const value = this.form[key];
    if (value === undefined) return undefined;
    const list = Array.isArray(value) ? value : [value];
    if (!list.every((v): v is string => typeof v === 'string')) throw invalid(this.name(key), `Invalid array: ${this.name(key)} must be a list of strings.`);
    return list;
  }

  /** A nested hash (`subscription_data[...]`), read with its own allowed keys. */
  nested(key: string, allowed: string[]): Params | undefined {
    const value = this.form[key];
    if (value === undefined) return undefined;
    return new Params(asHash(value, this.name(key)), allowed, this.name(key));
  }

  list(key: string, allowed: string[]): Params[] | undefined {
    const value = this.form[key];
    if (value === undefined) return undefined;
    if (!Array.isArray(value)) throw invalid(this.name(key), `Invalid array: ${this.name(key)} must be a list.`);
    return value.map((item, i) => new Params(asHash(item, `${this.name(key)}[${i}]`), allowed, `${this.name(key)}[${i}]`));
  }

  /** Metadata: up to 50 string keys (40 characters) and values (500 characters); '' removes a key on update. */
  metadata(key = 'metadata'): Record<string, string | null> | undefined {
    const value = this.form[key];
    if (value === undefined) return undefined;
    if (value === '') return {};
    const hash = asHash(value, this.name(key));
    const entries = Object.entries(hash);
    if (entries.length > 50) throw invalid(this.name(key), 'Invalid metadata: at most 50 keys.');
    return Object.fromEntries(
      entries.map(([k, v]) => {
        if (typeof v !== 'string' || k.length > 40 || v.length > 500) {
          throw invalid(`${this.name(key)}[${k}]`, `Invalid metadata[${k}]: keys are strings of up to 40 characters, values of up to 500.`);
        }
        return [k, v === '' ? null : v];
      }),
    );
  }
}

function asHash(value: FormValue, name: string): Form {
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid(name, `Invalid object: ${name} must be a hash.`);
  return value;
}

/** Metadata as stored: the update's keys merged in, keys set to '' removed. */
export function mergeMetadata(current: Record<string, string>, update: Record<string, string | null> | undefined): Record<string, string> {
  if (!update) return current;
  if (Object.keys(update).length === 0) return {};
  const merged = { ...current };
  for (const [k, v] of Object.entries(update)) {
    if (v === null) delete merged[k];
    else merged[k] = v;
  }
  return merged;
}
