import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CoverArtRenderer } from '../../infra/cover-art';
import { FileStore } from '../../infra/file-store';
import { ArticlesModule } from '../articles/articles.module';
import { PostsModule } from '../posts/posts.module';
import { AudioEntity } from './audio.entity';
import { MediaController } from './media.controller';
import { MediaRepository } from './media.repository';
import { MediaService } from './media.service';
import { StorageController } from './storage.controller';
import { StorageService } from './storage.service';
import { VideoEntity } from './video.entity';

@Module({
  imports: [TypeOrmModule.forFeature([AudioEntity, VideoEntity]), PostsModule, ArticlesModule],
  controllers: [MediaController, StorageController],
  providers: [MediaRepository, MediaService, StorageService, FileStore, CoverArtRenderer],
})
export class MediaModule {}
