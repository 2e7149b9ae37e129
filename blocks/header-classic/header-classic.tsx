import { useId } from 'react'
import { FixingHeader, HeaderBanner, HeaderLogo, LinkList, MenuToggle, TopBar } from '../kit/chrome/header-parts.tsx'
import type { HeaderProps } from '../kit/chrome/header-props.ts'
import { useHeaderState } from '../kit/chrome/use-header-state.ts'
import { VisitorActions } from '../kit/chrome/visitor-actions.tsx'

/** 1_header: top bar, then a white bar with the logo left and the menu right. */
export default function HeaderClassic(props: HeaderProps) {
  const state = useHeaderState(props)
  const menuId = useId()
  return (
    <FixingHeader
      fixed={state.fixed}
      languages={props.languages}
      className="border-b border-gray-200 bg-white text-gray-900"
    >
      {state.banner && <HeaderBanner html={state.banner} label={state.texts.banner} />}
      {state.showTopBar && <TopBar state={state} className="bg-brand-secondary text-white" />}
      <div className="relative mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <HeaderLogo
          src={props.header.header_log}
          alt={props.header.header_log_alt}
          href={state.logoHref}
          siteName={props.siteName}
        />
        <MenuToggle
          texts={state.texts}
          open={state.menuOpen}
          onToggle={state.toggleMenu}
          controls={menuId}
          className="text-gray-900"
        />
        <div
          id={menuId}
          className={`${state.menuOpen ? 'flex' : 'hidden'} absolute inset-x-0 top-full z-40 flex-col gap-4 border-t border-gray-200 bg-white p-4 shadow-lg lg:static lg:flex lg:flex-row lg:items-center lg:gap-6 lg:border-0 lg:p-0 lg:shadow-none`}
        >
          <LinkList
            links={state.menu}
            label={state.texts.main_menu}
            newTab={state.texts.new_tab}
            className="flex flex-col gap-3 lg:flex-row lg:gap-6"
            linkClassName="font-medium hover:text-brand aria-[current=page]:text-brand"
          />
          <VisitorActions state={state} signedIn={props.signedIn} />
        </div>
      </div>
    </FixingHeader>
  )
}
