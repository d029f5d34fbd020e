import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { Roles } from '../../common/roles.guard';
import { CurrentViewer, Viewer } from '../../common/viewer';
import { AuthService } from './auth.service';
import { EmailDto, LoginDto, RefreshDto, ResetCheckDto, ResetPasswordDto, SignUpCodeDto, SignUpDto } from './dto/auth.dto';

/** Account calls. POST /login/ and GET /password-reset-step1/ are the spec's paths; the others are ours (README). */
@Controller()
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Post('sign-up')
  signUp(@Body() dto: SignUpDto, @Req() req: Request) {
    return this.auth.signUp(dto, address(req));
  }

  @Post('sign-up/code')
  @HttpCode(200)
  confirmSignUp(@Body() dto: SignUpCodeDto, @Req() req: Request) {
    return this.auth.confirmSignUp(dto, address(req));
  }

  @Post('login')
  @HttpCode(200)
  login(@Body() dto: LoginDto, @Req() req: Request) {
    return this.auth.login(dto, address(req));
  }

  @Post('token/refresh')
  @HttpCode(200)
  refresh(@Body() { refresh }: RefreshDto) {
    return this.auth.refresh(refresh);
  }

  @Post('logout')
  @HttpCode(204)
  logout(@Body() { refresh }: RefreshDto) {
    return this.auth.logout(refresh);
  }

  @Get('password-reset-step1')
  requestPasswordReset(@Query() { email }: EmailDto, @Req() req: Request) {
    return this.auth.requestPasswordReset(email, address(req));
  }

  @Post('password-reset/check')
  @HttpCode(200)
  checkPasswordReset(@Body() dto: ResetCheckDto) {
    return this.auth.checkPasswordReset(dto);
  }

  @Post('password-reset')
  @HttpCode(200)
  resetPassword(@Body() dto: ResetPasswordDto) {
    return this.auth.resetPassword(dto);
  }

  @Get('api/me')
  @Roles('member', 'admin')
  me(@CurrentViewer() viewer: Viewer) {
    return this.auth.me(viewer);
  }
}

/** The caller's address (behind TRUST_PROXY proxies, the forwarded one) for per-address limits. */
const address = (req: Request) => req.ip ?? req.socket.remoteAddress ?? 'unknown';
