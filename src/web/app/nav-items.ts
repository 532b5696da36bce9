import { House, Images, UsersRound, type LucideIcon } from 'lucide-react';

export interface NavItem {
  to: string;
  /** Key in common:nav. */
  labelKey: 'home' | 'memories' | 'community';
  icon: LucideIcon;
  signedInOnly: boolean;
  isActive: (pathname: string) => boolean;
}

const under = (base: string) => (pathname: string) => pathname === base || pathname.startsWith(`${base}/`);

/** One list for the header, the drawer and the bottom bar, so they never disagree. */
export const NAV_ITEMS: readonly NavItem[] = [
  // Home is the day's page and its conversation; the account pages under /home (profile, support, admin, pricing)
  // are reached from the avatar menu and highlight no main entry.
  { to: '/home', labelKey: 'home', icon: House, signedInOnly: false, isActive: (p) => p === '/home' || p === '/home/' || under('/home/chat')(p) },
  { to: '/home/memories', labelKey: 'memories', icon: Images, signedInOnly: true, isActive: under('/home/memories') },
  { to: '/community', labelKey: 'community', icon: UsersRound, signedInOnly: false, isActive: under('/community') },
];

export function visibleNavItems(signedIn: boolean): readonly NavItem[] {
  return NAV_ITEMS.filter((item) => signedIn || !item.signedInOnly);
}
