import { useState } from 'react';
import { initials } from '../lib/initials';

/**
 * The user's picture, or their initials when there is none or it fails to load. The initials are text a reader
 * sees, so they stay in the accessible name of the control around them (WCAG 2.5.3, label in name).
 */
export function UserAvatar({ name, avatar }: { name: string; avatar: string | null }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (avatar && failed !== avatar) {
    return (
      <img
        src={avatar}
        alt=""
        referrerPolicy="no-referrer"
        onError={() => setFailed(avatar)}
        className="size-8 rounded-full object-cover"
      />
    );
  }
  return (
    <span className="flex size-8 items-center justify-center rounded-full bg-indigo-600 text-xs font-semibold text-white dark:bg-indigo-500">
      {initials(name)}
    </span>
  );
}
