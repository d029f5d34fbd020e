import type { MeDto } from '@directory/domain';
import { applyDecorators, Body, Controller, Get, Header, HttpCode, Post, Query } from '@nestjs/common';
import { ClientAddress } from '../../common/client-address';
import { Roles } from '../../common/roles.guard';
import { CurrentViewer, Viewer } from '../../common/viewer';
import { BillingStateReader } from '../billing/billing-state';
import { AuthService } from './auth.service';
import { EmailDto, LoginDto, LogoutDto, RefreshDto, ResetCheckDto, ResetPasswordDto, SignUpCodeDto, SignUpDto } from './dto/auth.dto';
import { StageOpen } from '../../common/stage-open';

/** A POST that answers 200 with tokens: the answer must never be kept by a browser or proxy cache. */
const PostForTokens = (path: string) => applyDecorators(Post(path), HttpCode(200), Header('Cache-Control', 'no-store'));

/** Account calls. POST /login/ and GET /password-reset-step1/ are the spec's paths; the others are ours (docs/api.md). */
@Controller()
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly billing: BillingStateReader,
  ) {}

  @Post('sign-up')
  @StageOpen('invited')
  signUp(@Body() dto: SignUpDto, @ClientAddress() address: string) {
    return this.auth.signUp(dto, address);
  }

  @PostForTokens('sign-up/code')
  @StageOpen('invited')
  confirmSignUp(@Body() dto: SignUpCodeDto, @ClientAddress() address: string) {
    return this.auth.confirmSignUp(dto, address);
  }

  @PostForTokens('login')
  @StageOpen('login')
  login(@Body() dto: LoginDto, @ClientAddress() address: string) {
    return this.auth.login(dto, address);
  }

  @PostForTokens('token/refresh')
  @StageOpen('open')
  refresh(@Body() { refresh }: RefreshDto) {
    return this.auth.refresh(refresh);
  }

  @Post('logout')
  @StageOpen('open')
  @HttpCode(204)
  logout(@Body() dto: LogoutDto) {
    return this.auth.logout(dto);
  }

  @Get('password-reset-step1')
  @StageOpen('open')
  requestPasswordReset(@Query() { email }: EmailDto, @ClientAddress() address: string) {
    return this.auth.requestPasswordReset(email, address);
  }

  @Post('password-reset/check')
  @StageOpen('open')
  @HttpCode(200)
  checkPasswordReset(@Body() dto: ResetCheckDto) {
    return this.auth.checkPasswordReset(dto);
  }

  @Post('password-reset')
  @StageOpen('open')
  @HttpCode(200)
  resetPassword(@Body() dto: ResetPasswordDto) {
    return this.auth.resetPassword(dto);
  }

  @Get('api/me')
  @Roles('member', 'admin')
  async me(@CurrentViewer() viewer: Viewer): Promise<MeDto> {
    const user = await this.auth.me(viewer);
    return { ...user, subscription: await this.billing.stateFor(user.id) };
  }
}
