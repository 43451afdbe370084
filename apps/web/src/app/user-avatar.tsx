import { useState } from 'react';

/** Up to two initials from a display name: "Ada Lovelace" → "AL", "ada" → "A". */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase());
  return letters.join('') || '?';
}

/** The user's picture, or their initials when there is none or it fails to load. */
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
    <span
      aria-hidden
      className="flex size-8 items-center justify-center rounded-full bg-indigo-600 text-xs font-semibold text-white dark:bg-indigo-500"
    >
      {initials(name)}
    </span>
  );
}
