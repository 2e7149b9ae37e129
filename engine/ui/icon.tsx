import { ICON_SPRITE } from './icon-sprite.ts'

/** The site's icon set, by the names content and blocks use (drawn from Lucide: icon-set.ts). */
export const ICON_NAMES = [
  'alert-triangle',
  'book',
  'check',
  'check-circle',
  'chevron-down',
  'clock',
  'close',
  'dashboard',
  'external-link',
  'flag',
  'heart',
  'help',
  'info',
  'list',
  'login',
  'logout',
  'mail',
  'map-pin',
  'menu',
  'phone',
  'search',
  'user',
  'x-circle',
] as const

export type IconName = (typeof ICON_NAMES)[number]

export const MISSING_ICON_MESSAGE = 'Could not find one or more icon(s)'

const NAMES: ReadonlySet<string> = new Set(ICON_NAMES)
export const isIconName = (name: string): name is IconName => NAMES.has(name)

/**
 * An icon of the set, drawn from the site's sprite (one cached file, instead of the
 * icons' code in every page's JavaScript), with Lucide's look: a 24-unit grid stroked in the
 * current text colour. Decorative by default (hidden from assistive technology); give a `label`
 * when the icon alone carries meaning. An unknown name (content can name any) logs
 * `Could not find one or more icon(s)` and renders nothing.
 */
export function Icon({
  name,
  size = 18,
  label,
  className,
}: {
  name: string
  size?: number
  label?: string
  className?: string
}) {
  if (!isIconName(name)) {
    console.error(MISSING_ICON_MESSAGE, { iconName: name })
    return null
  }
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      <use href={`${ICON_SPRITE}#${name}`} />
    </svg>
  )
}
