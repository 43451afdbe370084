import { Bell } from 'lucide-react';
import { iconButton } from '../components/ui/button-styles';
import { Popover } from '../components/ui/popover';

/** The header's notifications button; the notifications issue fills the panel with real ones. */
export function NotificationsButton() {
  return (
    <Popover label="Notifications" trigger={<Bell aria-hidden className="size-5" />} triggerClassName={iconButton}>
      <p className="font-semibold">Notifications</p>
      <p className="mt-2 text-gray-600 dark:text-gray-400">No notifications yet</p>
    </Popover>
  );
}
