import { useId } from 'react'
import { FixingHeader, HeaderBanner, HeaderLogo, LinkList, MenuToggle, TopBar } from '../kit/chrome/header-parts.tsx'
import type { HeaderProps } from '../kit/chrome/header-props.ts'
import { useHeaderState } from '../kit/chrome/use-header-state.ts'
import { VisitorActions } from '../kit/chrome/visitor-actions.tsx'

/** 2_header: the logo centred over a centred menu band, actions at the right of the logo row. */
export default function HeaderCentered(props: HeaderProps) {
  const state = useHeaderState(props)
  const menuId = useId()
  return (
    <FixingHeader fixed={state.fixed} languages={props.languages} className="bg-surface text-gray-900">
      {state.showTopBar && (
        <TopBar
          state={state}
          className="border-b border-gray-200 bg-white text-gray-700"
          innerClassName="mx-auto flex max-w-7xl flex-wrap items-center justify-center gap-x-8 gap-y-1 px-4 py-1.5"
        />
      )}
      {state.banner && (
        <HeaderBanner html={state.banner} label={state.texts.banner} className="bg-brand-secondary text-white" />
      )}
      <div className="relative mx-auto grid max-w-7xl grid-cols-[1fr_auto_1fr] items-center gap-4 px-4 py-4">
        <div>
          <MenuToggle
            texts={state.texts}
            open={state.menuOpen}
            onToggle={state.toggleMenu}
            controls={menuId}
            className="text-gray-900"
          />
        </div>
        <HeaderLogo
          src={props.header.header_log}
          alt={props.header.header_log_alt}
          href={state.logoHref}
          siteName={props.siteName}
          className="h-12 w-auto md:h-[73px]"
        />
        <VisitorActions state={state} signedIn={props.signedIn} className="hidden justify-self-end lg:flex" />
      </div>
      <div
        id={menuId}
        className={`${state.menuOpen ? 'block' : 'hidden'} border-y border-brand/20 bg-brand/5 lg:block`}
      >
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-3 lg:flex-row lg:justify-center">
          <LinkList
            links={state.menu}
            label={state.texts.main_menu}
            newTab={state.texts.new_tab}
            className="flex flex-col gap-3 lg:flex-row lg:gap-10"
            linkClassName="font-semibold tracking-wide uppercase text-sm hover:text-brand aria-[current=page]:text-brand"
          />
          <VisitorActions state={state} signedIn={props.signedIn} className="lg:hidden" />
        </div>
      </div>
    </FixingHeader>
  )
}
