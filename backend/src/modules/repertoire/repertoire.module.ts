import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PostsModule } from '../posts/posts.module';
import { PieceEntity } from './piece.entity';
import { PostPieceEntity } from './post-piece.entity';
import { RepertoireController } from './repertoire.controller';
import { RepertoireRepository } from './repertoire.repository';
import { RepertoireService } from './repertoire.service';

@Module({
  imports: [TypeOrmModule.forFeature([PieceEntity, PostPieceEntity]), PostsModule],
  controllers: [RepertoireController],
  providers: [RepertoireRepository, RepertoireService],
})
export class RepertoireModule {}
