import type { GetUserResponse } from '@parallels/contract/users';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { UserRow } from '../auth/auth.sql.js';
import { toUser } from '../auth/auth.service.js';
import { listBrandsOfUser } from './users.sql.js';

/** A user may read only their own record; anyone else's id answers like an unknown one. */
export async function getUserWithBrands(db: Database, me: UserRow, userId: string): Promise<GetUserResponse> {
  if (userId !== me.id) throw new AppError('not-found', 'User not found');
  return { success: true, user: await toUser(db, me), brands: await listBrandsOfUser(db, me.id) };
}
