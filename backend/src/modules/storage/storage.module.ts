import { Module } from '@nestjs/common';
import { CoverArtRenderer } from '../../infra/cover-art';
import { FileStore } from '../../infra/file-store';
import { ArticlesModule } from '../articles/articles.module';
import { PostsModule } from '../posts/posts.module';
import { StorageController } from './storage.controller';
import { StorageService } from './storage.service';

/** /storage/: uploaded images from disk, or cover art drawn once for listings and articles without one. */
@Module({
  imports: [PostsModule, ArticlesModule],
  controllers: [StorageController],
  providers: [StorageService, FileStore, CoverArtRenderer],
})
export class StorageModule {}
