import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsArray, IsInt, IsOptional, IsString, ValidateNested } from 'class-validator';
import type { ArgumentMetadata } from '@nestjs/common';
import { ToInt } from './query';
import { createValidationPipe } from './validation.pipe';

class Window {
  @IsInt() @ToInt() from!: number;
  @IsInt() @ToInt() to!: number;
}

/** A query DTO with a list and a nested object, as a future query could have (today's are flat). */
class TagsQueryDto {
  @IsOptional() @IsArray() @IsString({ each: true }) tag?: string[];
  @IsOptional() @ValidateNested() @Type(() => Window) window?: Window;
  @IsOptional() @IsString() q?: string;
}

describe('validation pipe: remembered query strings', () => {
  const meta: ArgumentMetadata = { type: 'query', metatype: TagsQueryDto, data: undefined };
  const query = () => ({ tag: ['harp', 'choir'], window: { from: '1', to: '5' }, q: 'x' });

  it('hands each request a DTO of its own, nested lists and objects included', async () => {
    const pipe = createValidationPipe();
    const first = (await pipe.transform(query(), meta)) as TagsQueryDto;
    // The first request changes its DTO, deep inside.
    first.tag!.push('pushed');
    first.window!.to = 99;
    first.q = 'changed';
    for (let i = 0; i < 2; i++) {
      const next = (await pipe.transform(query(), meta)) as TagsQueryDto;
      expect(next).toBeInstanceOf(TagsQueryDto);
      expect(next.window).toBeInstanceOf(Window);
      expect(next).toEqual({ tag: ['harp', 'choir'], window: { from: 1, to: 5 }, q: 'x' });
      expect(next.tag).not.toBe(first.tag);
      // A later request changing its copy leaves the next one alone too.
      next.tag!.length = 0;
      next.window!.from = -1;
    }
  });

  it('still refuses what does not validate, each time', async () => {
    const pipe = createValidationPipe();
    for (let i = 0; i < 2; i++) await expect(pipe.transform({ tag: 'not-a-list' }, meta)).rejects.toMatchObject({ code: 'validation_failed' });
  });
});
