import type { Me } from '@bookshelf/contract';
import { focusRing } from '../components/ui/button-styles';
import { UserAvatar } from './user-avatar';

export const userMenuTriggerClass = `shrink-0 rounded-full ${focusRing}`;

/** Named by its content: the initials a reader sees, then "User menu" (WCAG 2.5.3, label in name). */
export function UserMenuTriggerContent({ me }: { me: Me }) {
  return (
    <>
      <UserAvatar name={me.name} avatar={me.avatar} /> <span className="sr-only">User menu</span>
    </>
  );
}
