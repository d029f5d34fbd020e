import { AdminResource } from '../admin-resource';
import { UpdateUserDto } from './admin-users.dto';
import { AdminUsersService } from './admin-users.service';

@AdminResource({ resource: 'users', service: AdminUsersService }, { update: UpdateUserDto, remove: true })
export class AdminUsersController {}
