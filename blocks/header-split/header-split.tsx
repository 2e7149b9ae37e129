import { useId } from 'react'
import { Icon } from '#engine'
import { FixingHeader, HeaderBanner, HeaderLogo, LinkList, MenuToggle, PhoneLink } from '../kit/chrome/header-parts.tsx'
import type { HeaderProps } from '../kit/chrome/header-props.ts'
import { useHeaderState } from '../kit/chrome/use-header-state.ts'
import { VisitorActions } from '../kit/chrome/visitor-actions.tsx'

/**
 * 4_header: the phone is the hero. Signed-out visitors see a call-us panel with the hours
 * (the top bar's content) beside the logo; the menu sits on a row of tabs below.
 */
export default function HeaderSplit(props: HeaderProps) {
  const state = useHeaderState(props)
  const menuId = useId()
  return (
    <FixingHeader
      fixed={state.fixed}
      languages={props.languages}
      className="border-b-4 border-brand bg-white text-gray-900"
    >
      {state.banner && <HeaderBanner html={state.banner} label={state.texts.banner} />}
      <div className="relative mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-4">
        <HeaderLogo
          src={props.header.header_log}
          alt={props.header.header_log_alt}
          href={state.logoHref}
          siteName={props.siteName}
        />
        {state.showTopBar && (state.phone || state.hours) && (
          <div className="hidden items-center gap-3 rounded-lg bg-brand/10 px-4 py-2 md:flex" data-part="top-bar">
            <Icon name="phone" size={28} className="text-brand" />
            <div className="leading-tight">
              <p className="text-xs tracking-wide text-gray-700 uppercase">{state.texts.advisor}</p>
              {state.phone && (
                <PhoneLink phone={state.phone} showIcon={false} className="text-xl text-brand-secondary" />
              )}
              {state.hours && <p className="text-xs text-gray-700">{state.hours}</p>}
            </div>
          </div>
        )}
        <VisitorActions state={state} signedIn={props.signedIn} className="hidden lg:flex" />
        <MenuToggle
          texts={state.texts}
          open={state.menuOpen}
          onToggle={state.toggleMenu}
          controls={menuId}
          className="text-gray-900"
        />
      </div>
      <div id={menuId} className={`${state.menuOpen ? 'block' : 'hidden'} border-t border-gray-200 lg:block`}>
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-2 lg:flex-row lg:items-center lg:justify-between">
          <LinkList
            links={state.menu}
            label={state.texts.main_menu}
            newTab={state.texts.new_tab}
            className="flex flex-col gap-1 lg:flex-row lg:gap-2"
            linkClassName="block border-b-2 border-transparent px-3 py-2 font-medium hover:border-brand aria-[current=page]:border-brand aria-[current=page]:text-brand"
          />
          {state.showTopBar && state.topBarLinks.length > 0 && (
            <LinkList
              links={state.topBarLinks}
              label={state.texts.top_bar}
              newTab={state.texts.new_tab}
              className="flex flex-wrap gap-x-4 text-sm text-gray-700"
              linkClassName="hover:underline"
            />
          )}
          <VisitorActions state={state} signedIn={props.signedIn} className="lg:hidden" />
        </div>
        {state.showTopBar && state.phone && (
          <div className="px-4 pb-3 md:hidden">
            <PhoneLink phone={state.phone} className="text-brand-secondary" />
          </div>
        )}
      </div>
    </FixingHeader>
  )
}
