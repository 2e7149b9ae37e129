import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { Icon, Link } from '#engine'
import { isOffSite } from './links.ts'
import { buttonClass } from '../ui/button.tsx'
import type { HeaderLink, HeaderState } from './use-header-state.ts'

const ITEM_CLASS = 'block rounded px-3 py-2 outline-none data-[highlighted]:bg-gray-100'

/**
 * The Login dropdown (when the top bar is hidden and the visitor is signed out): a menu button
 * operable by keyboard (Enter, Space, arrows, Escape), listing the configured login links.
 */
export function LoginDropdown({
  items,
  texts,
  triggerClassName = buttonClass('outline'),
}: {
  items: readonly HeaderLink[]
  texts: HeaderState['texts']
  triggerClassName?: string
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={`${triggerClassName} gap-1.5`} data-part="login-dropdown">
        <Icon name="user" size={16} />
        {texts.login}
        <Icon name="chevron-down" size={16} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-[60] min-w-48 rounded-md border border-gray-200 bg-white p-1 text-gray-900 shadow-lg"
        >
          {items.map((item, index) => (
            <DropdownMenu.Item key={`${item.href}-${index}`} asChild>
              {item.external || isOffSite(item.href) ? (
                <a
                  href={item.href}
                  target={item.external ? '_blank' : undefined}
                  rel={item.external ? 'noopener noreferrer' : undefined}
                  className={ITEM_CLASS}
                >
                  {item.title}
                  {item.external && <span className="sr-only"> {texts.new_tab}</span>}
                </a>
              ) : (
                <Link to={item.href} className={ITEM_CLASS}>
                  {item.title}
                </Link>
              )}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  )
}
