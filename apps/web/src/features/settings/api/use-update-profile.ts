import { AuthPaths, MeSchema, type Me, type UpdateProfileRequest } from '@bookshelf/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { setMe } from '../../../lib/session';

export const updateProfile = (body: UpdateProfileRequest) => api(AuthPaths.me, MeSchema, { method: 'PATCH', body });

/** Name, avatar and reading goal; the header, sidebar goal card and dashboard all read the ME query. */
export function useUpdateProfile() {
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me: Me) => setMe(me),
  });
}
