import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CoverArtRenderer } from '../../infra/cover-art';
import { FileStore } from '../../infra/file-store';
import { ListingPhotos } from '../../infra/images';
import { BillingModule } from '../billing/billing.module';
import { TaxonomyModule } from '../taxonomy/taxonomy.module';
import { PhotoSweeper } from './photo-sweeper';
import { PostEditorService } from './post-editor.service';
import { PostEntity } from './post.entity';
import { PostsController } from './posts.controller';
import { PostsRepository } from './posts.repository';
import { PostsService } from './posts.service';

@Module({
  imports: [TypeOrmModule.forFeature([PostEntity]), TaxonomyModule, BillingModule],
  controllers: [PostsController],
  providers: [PostsRepository, PostsService, PostEditorService, ListingPhotos, FileStore, CoverArtRenderer, PhotoSweeper],
  exports: [PostsService, PostEditorService, ListingPhotos],
})
export class PostsModule {}
