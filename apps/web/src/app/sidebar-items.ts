import type { TabId } from '@bookshelf/contract';
import {
  CalendarDays,
  ChartColumn,
  Cloud,
  FileText,
  Heart,
  LayoutDashboard,
  Library,
  LifeBuoy,
  Mail,
  MessagesSquare,
  Newspaper,
  PenLine,
  Settings,
  Shield,
  Sparkles,
  Star,
  TrendingUp,
  Trophy,
  BookOpen,
  Users,
  Wallet,
  type LucideIcon,
} from 'lucide-react';

export interface SidebarItem {
  tab: TabId;
  label: string;
  icon: LucideIcon;
}

export interface SidebarGroup {
  label: string;
  items: readonly SidebarItem[];
}

/** The sidebar groups, tab ids and labels of spec core.md §2 "Shell", in the spec's order. */
export const SIDEBAR_GROUPS: readonly SidebarGroup[] = [
  {
    label: 'Main',
    items: [
      { tab: 'dashboard', label: 'Dashboard', icon: LayoutDashboard },
      { tab: 'library', label: 'My Library', icon: Library },
      { tab: 'cloud-drives', label: 'Cloud Drives', icon: Cloud },
      { tab: 'wishlist', label: 'Wishlist', icon: Heart },
      { tab: 'blog', label: 'Blog', icon: Newspaper },
    ],
  },
  {
    label: 'Community',
    items: [
      { tab: 'community', label: 'Social Feed', icon: Users },
      { tab: 'book-clubs', label: 'Book Clubs', icon: BookOpen },
      { tab: 'reading-challenges', label: 'Challenges', icon: Trophy },
      { tab: 'discussion-forums', label: 'Discussions', icon: MessagesSquare },
      { tab: 'trending', label: 'Trending', icon: TrendingUp },
    ],
  },
  {
    label: 'Insights',
    items: [
      { tab: 'ai-insights', label: 'AI Insights', icon: Sparkles },
      { tab: 'reading-analytics', label: 'Reading Analytics', icon: ChartColumn },
      { tab: 'spending', label: 'Spending', icon: Wallet },
      { tab: 'book-reviews', label: 'Book Reviews', icon: Star },
      { tab: 'reviews', label: 'My Reviews', icon: PenLine },
    ],
  },
  { label: 'Events', items: [{ tab: 'author-events', label: 'Author Events', icon: CalendarDays }] },
  {
    label: 'Support',
    items: [
      { tab: 'help', label: 'Help Center', icon: LifeBuoy },
      { tab: 'contact', label: 'Contact Us', icon: Mail },
      { tab: 'privacy', label: 'Privacy Policy', icon: Shield },
      { tab: 'terms', label: 'Terms of Service', icon: FileText },
    ],
  },
  { label: 'Settings', items: [{ tab: 'settings', label: 'Settings', icon: Settings }] },
];
