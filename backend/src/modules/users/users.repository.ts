import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { UserEntity } from './user.entity';

@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  findById(id: number): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ email });
  }

  save(user: Partial<UserEntity>): Promise<UserEntity> {
    return this.users.save(this.users.create(user));
  }

  async update(id: number, changes: Partial<UserEntity>): Promise<void> {
    await this.users.update(id, changes);
  }
}
