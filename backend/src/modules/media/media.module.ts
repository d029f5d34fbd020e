import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PostsModule } from '../posts/posts.module';
import { AudioEntity } from './audio.entity';
import { MediaController } from './media.controller';
import { MediaRepository } from './media.repository';
import { MediaService } from './media.service';
import { VideoEntity } from './video.entity';

@Module({
  imports: [TypeOrmModule.forFeature([AudioEntity, VideoEntity]), PostsModule],
  controllers: [MediaController],
  providers: [MediaRepository, MediaService],
})
export class MediaModule {}
