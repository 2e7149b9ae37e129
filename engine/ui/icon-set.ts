import {
  AlertTriangle,
  BookOpen,
  Check,
  ChevronDown,
  CircleCheck,
  CircleHelp,
  CircleX,
  Clock,
  ExternalLink,
  Flag,
  Heart,
  Info,
  LayoutDashboard,
  List,
  LogIn,
  LogOut,
  Mail,
  MapPin,
  Menu,
  Phone,
  Search,
  User,
  X,
  type LucideIcon,
} from 'lucide-react'
import type { IconName } from './icon.tsx'

/**
 * Where each icon of the set comes from: Lucide's components, rendered once into the sprite
 * public/assets/icons-{hash}.svg by `npm run schemas:generate` (checked by `npm run schemas:check`). Nothing the
 * browser runs imports this file: a page draws its icons from the sprite, not from a component per
 * icon in its start (docs/adr/0009).
 */
export const ICON_SOURCES = {
  'alert-triangle': AlertTriangle,
  book: BookOpen,
  check: Check,
  'check-circle': CircleCheck,
  'chevron-down': ChevronDown,
  clock: Clock,
  close: X,
  dashboard: LayoutDashboard,
  'external-link': ExternalLink,
  flag: Flag,
  heart: Heart,
  help: CircleHelp,
  info: Info,
  list: List,
  login: LogIn,
  logout: LogOut,
  mail: Mail,
  'map-pin': MapPin,
  menu: Menu,
  phone: Phone,
  search: Search,
  user: User,
  'x-circle': CircleX,
} satisfies Record<IconName, LucideIcon>
