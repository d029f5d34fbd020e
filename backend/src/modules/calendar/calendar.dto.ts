import { CALENDAR_SLOTS, calendarDayProblem, isCalendarDay, MAX_CALENDAR_FEEDS, todayInIreland } from '@directory/domain';
import { Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsOptional, IsString, Matches, MaxLength, registerDecorator, ValidateNested, ValidationArguments } from 'class-validator';
import { EmptyAsUndefined } from '../../common/query';

/** A day the visitor searches or the lister marks: a real date from today (in Ireland) to three years ahead. */
export function IsSearchableDay(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isSearchableDay',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) => calendarDayProblem('x', value, todayInIreland()) === null,
        defaultMessage: (args?: ValidationArguments) => calendarDayProblem(args!.property, args!.value, todayInIreland()) ?? `${args!.property} is not a day`,
      },
    });
}

/** Any real date (the control panel's months may start in the past, which is shown but not changed). */
export function IsDay(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isDay',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: { validate: (value: unknown) => isCalendarDay(value), defaultMessage: (args?: ValidationArguments) => `${args!.property} must be a date written YYYY-MM-DD` },
    });
}

/** `?month=YYYY-MM` of the control panel's calendar (this month when left out). */
export class CalendarMonthQueryDto {
  @IsOptional()
  @EmptyAsUndefined()
  @Matches(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'month must be written YYYY-MM' })
  month?: string;
}

/** `?from=YYYY-MM-DD&months=N` of a profile's public calendar (from today, three months, when left out). */
export class PublicCalendarQueryDto {
  @IsOptional()
  @EmptyAsUndefined()
  @IsDay()
  from?: string;

  @IsOptional()
  @EmptyAsUndefined()
  @IsIn(['1', '2', '3', '4', '5', '6'], { message: 'months must be a whole number from 1 to 6' })
  months?: string;
}

export const MARKS = ['booked', 'free', 'clear'] as const;
export const MARK_SLOTS = ['day', ...CALENDAR_SLOTS] as const;

export class DayMarkDto {
  @IsDay()
  day!: string;

  @IsIn(MARK_SLOTS, { message: `slot must be one of ${MARK_SLOTS.join(', ')}` })
  slot!: (typeof MARK_SLOTS)[number];

  @IsIn(MARKS, { message: `mark must be one of ${MARKS.join(', ')}` })
  mark!: (typeof MARKS)[number];
}

/** PUT /api/calendar/:postId/days: up to two months of marks at once. */
export class DayMarksDto {
  @IsArray({ message: 'marks must be a list' })
  @ArrayMinSize(1, { message: 'marks must hold at least one mark' })
  @ArrayMaxSize(62, { message: 'marks may hold at most 62 marks' })
  @ValidateNested({ each: true })
  @Type(() => DayMarkDto)
  marks!: DayMarkDto[];
}

export class FeedInputDto {
  @IsString({ message: 'url must be text' })
  @MaxLength(500, { message: 'url must be at most 500 characters' })
  @Matches(/^(https?|webcal):\/\/[^\s/?#]+[^\s]*$/i, { message: 'url must be an http, https or webcal address' })
  url!: string;
}

export { MAX_CALENDAR_FEEDS };
