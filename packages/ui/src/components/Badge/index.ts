export {
  Badge,
  badgeTones,
  UnreadBadge,
  unreadBadgeText,
  type BadgeProps,
  type BadgeTone,
  type UnreadBadgeProps,
} from './Badge';
