import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { User } from '@parallels/contract/auth';
import type { AddBrandBody, Brand } from '@parallels/contract/brands';
import type { GetUserResponse } from '@parallels/contract/users';
import { sessionStore } from '../../../lib/session-store';
import { addBrand } from '../api/add-brand';
import { addBrandToUser } from '../api/add-brand-to-user';
import { userBrandsQueryOptions } from '../api/get-user-brands';

/**
 * Complete Setup (spec core.md section 4): create the brand, give it to the user, refresh the user's
 * brands and select the new one.
 */
export function useCreateBrand(user: User) {
  const queryClient = useQueryClient();
  const key = userBrandsQueryOptions(user.id).queryKey;
  return useMutation({
    mutationFn: async (body: AddBrandBody): Promise<{ brand: Brand; user: User }> => {
      const { brand } = await addBrand(body);
      let nextUser: User = user;
      try {
        nextUser = (await addBrandToUser({ userId: user.id, brandId: brand._id })).user;
      } catch {
        // The server already linked the creator when it made the brand; the refresh below shows it.
      }
      if (!nextUser.brands.includes(brand._id)) nextUser = { ...nextUser, brands: [...nextUser.brands, brand._id] };
      return { brand, user: nextUser };
    },
    onSuccess: ({ brand, user: nextUser }) => {
      // Put the brand in the cached list now: the shell copies that list into the session, and a stale
      // copy without the new brand would move the selection back to the first brand.
      queryClient.setQueryData(key, (old: GetUserResponse | undefined) =>
        old ? { ...old, user: nextUser, brands: old.brands.some((b) => b._id === brand._id) ? old.brands : [...old.brands, { _id: brand._id, name: brand.name }] } : old,
      );
      sessionStore.updateUser(nextUser);
      sessionStore.selectBrand(brand._id);
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
