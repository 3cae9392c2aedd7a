import { eq } from 'drizzle-orm';
import type { BrandSummary } from '@parallels/contract/users';
import type { Database } from '../../db/client.js';
import { brands, userBrands } from '../../db/schema.js';

export async function listBrandsOfUser(db: Database, userId: string): Promise<BrandSummary[]> {
  const rows = await db
    .select({ _id: brands.id, name: brands.name })
    .from(userBrands)
    .innerJoin(brands, eq(brands.id, userBrands.brandId))
    .where(eq(userBrands.userId, userId))
    .orderBy(userBrands.createdAt, brands.id);
  return rows;
}
