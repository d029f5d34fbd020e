import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put } from '@nestjs/common';
import { IdParamDto } from '../../common/id-param.dto';
import { Roles } from '../../common/roles.guard';
import { CurrentViewer, Viewer } from '../../common/viewer';
import { AccountDeleteDto, AccountUpdateDto, EmailCodeDto, EmailUndoDto } from './account.dto';
import { AccountService } from './account.service';
import { WriteQuota } from '../../common/write-quota.guard';

/** A member's account (PUT and DELETE /api/users/{id}/); the email and export paths are ours (docs/api.md). */
@Controller('api/users')
@Roles('member', 'admin')
export class AccountController {
  constructor(private readonly account: AccountService) {}

  @Put(':id')
  @WriteQuota('account')
  update(@Param() { id }: IdParamDto, @Body() dto: AccountUpdateDto, @CurrentViewer() viewer: Viewer) {
    return this.account.update(id, dto, viewer);
  }

  @Post(':id/email')
  @WriteQuota('account')
  @HttpCode(200)
  confirmEmail(@Param() { id }: IdParamDto, @Body() { code }: EmailCodeDto, @CurrentViewer() viewer: Viewer) {
    return this.account.confirmEmail(id, code, viewer);
  }

  @Delete(':id')
  @WriteQuota('account')
  @HttpCode(204)
  remove(@Param() { id }: IdParamDto, @Body() { password }: AccountDeleteDto, @CurrentViewer() viewer: Viewer) {
    return this.account.remove(id, password, viewer);
  }

  @Get(':id/export')
  @Header('Content-Disposition', 'attachment; filename="my-data.json"')
  @Header('Cache-Control', 'no-store')
  export(@Param() { id }: IdParamDto, @CurrentViewer() viewer: Viewer) {
    return this.account.export(id, viewer);
  }
}

/** The link mailed to the address an account left (our path, README): anyone holding it may use it, once. */
@Controller('email-change/undo')
export class EmailUndoController {
  constructor(private readonly account: AccountService) {}

  @Post()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  undo(@Body() { token }: EmailUndoDto) {
    return this.account.undoEmailChange(token);
  }
}
