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

/** The site's icon set, by the names content and blocks use. */
export const ICONS = {
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
} satisfies Record<string, LucideIcon>

export type IconName = keyof typeof ICONS

export const MISSING_ICON_MESSAGE = 'Could not find one or more icon(s)'

const isIconName = (name: string): name is IconName => Object.hasOwn(ICONS, name)

/**
 * An icon of the set. Decorative by default (hidden from assistive technology); give a
 * `label` when the icon alone carries meaning. An unknown name (content can name any) logs
 * `Could not find one or more icon(s)` and renders nothing.
 */
export function Icon({ name, size = 18, label, className }: { name: string; size?: number; label?: string; className?: string }) {
  if (!isIconName(name)) {
    console.error(MISSING_ICON_MESSAGE, { iconName: name })
    return null
  }
  const Svg = ICONS[name]
  return label ? (
    <Svg size={size} className={className} role="img" aria-label={label} focusable="false" />
  ) : (
    <Svg size={size} className={className} aria-hidden="true" focusable="false" />
  )
}
