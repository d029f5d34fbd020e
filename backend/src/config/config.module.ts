import { Global, Inject, Module } from '@nestjs/common';
import { AppConfig, loadConfig } from './configuration';

export const APP_CONFIG = Symbol('APP_CONFIG');
/** Constructor-parameter decorator: `constructor(@InjectConfig() private config: AppConfig)`. */
export const InjectConfig = () => Inject(APP_CONFIG);

@Global()
@Module({})
export class ConfigModule {
  /** The config is loaded once by the caller (main.ts or a test) so a bad value fails before Nest boots. */
  static forRoot(config: AppConfig = loadConfig()) {
    return {
      module: ConfigModule,
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
