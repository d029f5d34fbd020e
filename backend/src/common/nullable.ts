import { Transform } from 'class-transformer';
import { getMetadataStorage, ValidateIf, ValidationError, ValidationTypes } from 'class-validator';

/**
 * null in a request body. class-validator's IsOptional lets null through as if the field were absent, so a null sent
 * for an optional field would reach a string method or a NOT NULL column. The rule, kept by the validation pipe for
 * every DTO: null is refused (400 naming the field) unless the field says what null means, with one of these.
 */
const NULL_ALLOWED = Symbol('null-allowed');

/** null clears the field: it is stored as NULL. The field's other rules apply to every other value. */
export const Nullable = (): PropertyDecorator => (target, key) => {
  Reflect.defineMetadata(NULL_ALLOWED, true, target, key);
  ValidateIf((_, value) => value !== null && value !== undefined)(target, key as string);
};

/** null clears the field to `cleared` (the empty text a column without NULL holds), as sending `cleared` would. */
export const NullAs = (cleared: string | number | boolean) => Transform(({ value }) => (value === null ? cleared : value));

/**
 * The nulls a DTO instance holds where its fields do not accept null: fields that are optional (a conditional rule
 * would skip null), not marked Nullable, checked in nested DTOs too. Required fields need nothing here: their own
 * rules refuse null with their own words.
 */
export function refusedNulls(object: object, depth = 0): ValidationError[] {
  const rules = getMetadataStorage().getTargetValidationMetadatas(object.constructor, '', true, false);
  if (!rules.length || depth > 8) return [];
  const optional = new Set(rules.filter((r) => r.type === ValidationTypes.CONDITIONAL_VALIDATION).map((r) => r.propertyName));
  const known = new Set(rules.map((r) => r.propertyName));
  const errors: ValidationError[] = [];
  for (const [key, value] of Object.entries(object)) {
    if (!known.has(key)) continue;
    if (value === null) {
      if (optional.has(key) && !nullAllowed(object, key)) errors.push(problem(object, key, value, `${key} must not be null`));
      continue;
    }
    const children = (Array.isArray(value) ? value : [value]).flatMap((item, i) => {
      if (!isDto(item)) return [];
      const inner = refusedNulls(item, depth + 1);
      return !inner.length ? [] : Array.isArray(value) ? [Object.assign(new ValidationError(), { target: value, property: String(i), value: item, children: inner })] : inner;
    });
    if (children.length) errors.push(Object.assign(new ValidationError(), { target: object, property: key, value, children }));
  }
  return errors;
}

const isDto = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null;

const problem = (target: object, property: string, value: unknown, message: string) =>
  Object.assign(new ValidationError(), { target, property, value, constraints: { isNotNull: message }, children: [] });

/** Whether the field was marked Nullable (null stored as NULL). */
export const nullAllowed = (object: object, key: string) => Reflect.getMetadata(NULL_ALLOWED, object, key) === true;
