import { LifeBuoy, Shield, ShieldCheck, UserRound, type LucideIcon } from 'lucide-react';

export interface AccountLink {
  to: string;
  labelKey: 'profile' | 'privacy' | 'support' | 'admin';
  icon: LucideIcon;
  adminOnly: boolean;
}

/** The avatar menu's entries, shared with the mobile drawer. */
export const ACCOUNT_LINKS: readonly AccountLink[] = [
  { to: '/home/profile', labelKey: 'profile', icon: UserRound, adminOnly: false },
  { to: '/privacy-policy', labelKey: 'privacy', icon: Shield, adminOnly: false },
  { to: '/home/support', labelKey: 'support', icon: LifeBuoy, adminOnly: false },
  { to: '/home/admin', labelKey: 'admin', icon: ShieldCheck, adminOnly: true },
];
