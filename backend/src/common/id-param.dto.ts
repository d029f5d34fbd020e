import { IsInt, Max, Min } from 'class-validator';
import { ToInt } from './query';

export class IdParamDto {
  // class-validator runs the decorators bottom-up: the type check comes first.
  @Max(2_147_483_647, { message: 'id is too large' })
  @Min(1, { message: 'id must be a positive whole number' })
  @IsInt({ message: 'id must be a positive whole number' })
  @ToInt()
  id!: number;
}
