import type {
  AccessErrorCode,
  CodeOf,
  ErrorDomain,
  FieldProblem,
  MessageOf,
  PanelErrorCode,
  MessageValues,
  RequestErrorCode,
  ServiceErrorCode,
} from '@directory/domain';

type ValuesOf<D extends ErrorDomain, C extends CodeOf<D>> = MessageValues<MessageOf<D, C>>;

/**
 * What a throw site adds to its code: the field at fault, each field's problem (validation), and the values its
 * message names (required when the catalogue's message is built from values, such as a post's id).
 */
export type ErrorDetails<V extends unknown[] = unknown[]> = { field?: string; errors?: FieldProblem[] } & ([] extends V ? { values?: V } : { values: V });

/**
 * A refusal in the directory's own words: a domain and one of its codes (@directory/domain), never an HTTP status or a
 * text. Each domain has its subclass (`AuthException(AuthErrorCode.WrongCode)`); the exception filter answers every
 * one from a single table (error-answers.ts), so a code always has the same status and message.
 */
export abstract class DomainException<D extends ErrorDomain, C extends CodeOf<D> = CodeOf<D>> extends Error {
  abstract readonly domain: D;
  readonly details: ErrorDetails<ValuesOf<D, C>>;

  constructor(
    readonly code: C,
    ...[details]: [] extends ValuesOf<D, C> ? [details?: ErrorDetails<[]>] : [details: ErrorDetails<ValuesOf<D, C>>]
  ) {
    super(code);
    this.name = new.target.name;
    this.details = (details ?? {}) as ErrorDetails<ValuesOf<D, C>>;
  }
}

/** The request itself is wrong: its fields, its body. */
export class RequestException<C extends RequestErrorCode = RequestErrorCode> extends DomainException<'request', C> {
  readonly domain = 'request';
}

/** The caller may not use this route: no or a bad bearer token, or another role. */
export class AccessException<C extends AccessErrorCode = AccessErrorCode> extends DomainException<'access', C> {
  readonly domain = 'access';
}

/** The service cannot answer: the database is down, or something failed that the caller could not have caused. */
export class ServiceException<C extends ServiceErrorCode = ServiceErrorCode> extends DomainException<'service', C> {
  readonly domain = 'service';
}

/** The control panel's own refusals: a member's enquiries, media and account. */
export class PanelException<C extends PanelErrorCode = PanelErrorCode> extends DomainException<'panel', C> {
  readonly domain = 'panel';
}
