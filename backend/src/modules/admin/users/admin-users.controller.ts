import { Body, Controller, Delete, Get, Param, Put, Query } from '@nestjs/common';
import { IdParamDto } from '../../../common/id-param.dto';
import { Roles } from '../../../common/roles.guard';
import { SimpleRestQueryDto } from '../../../common/simple-rest';
import { CurrentViewer, Viewer } from '../../../common/viewer';
import { UpdateUserDto } from './admin-users.dto';
import { AdminUsersService } from './admin-users.service';

@Controller('api/admin/users')
@Roles('admin')
export class AdminUsersController {
  constructor(private readonly users: AdminUsersService) {}

  @Get()
  list(@Query() query: SimpleRestQueryDto) {
    return this.users.list(query);
  }

  @Get(':id')
  one(@Param() { id }: IdParamDto) {
    return this.users.one(id);
  }

  @Put(':id')
  update(@CurrentViewer() viewer: Viewer, @Param() { id }: IdParamDto, @Body() dto: UpdateUserDto) {
    return this.users.update(viewer, id, dto);
  }

  @Delete(':id')
  remove(@CurrentViewer() viewer: Viewer, @Param() { id }: IdParamDto) {
    return this.users.remove(viewer, id);
  }
}
