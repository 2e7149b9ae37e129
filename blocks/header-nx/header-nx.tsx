import { useId } from 'react'
import { FixingHeader, HeaderBanner, HeaderLogo, LinkList, MenuToggle, TopBar } from '../kit/chrome/header-parts.tsx'
import type { HeaderProps } from '../kit/chrome/header-props.ts'
import { useHeaderState } from '../kit/chrome/use-header-state.ts'
import { VisitorActions } from '../kit/chrome/visitor-actions.tsx'

/** nx_header_1: an accent strip, then a floating rounded bar with pill links. */
export default function HeaderNx(props: HeaderProps) {
  const state = useHeaderState(props)
  const menuId = useId()
  return (
    <FixingHeader fixed={state.fixed} languages={props.languages} className="bg-surface text-gray-900">
      {state.showTopBar && <TopBar state={state} className="bg-accent text-gray-950" />}
      {state.banner && (
        <HeaderBanner html={state.banner} label={state.texts.banner} className="bg-brand-secondary text-white" />
      )}
      <div className="px-3 py-3">
        <div className="relative mx-auto flex max-w-6xl items-center justify-between gap-4 rounded-2xl border border-gray-200 bg-white/95 px-4 py-2 shadow-lg backdrop-blur">
          <HeaderLogo
            src={props.header.header_log}
            alt={props.header.header_log_alt}
            href={state.logoHref}
            siteName={props.siteName}
            className="h-10 w-auto md:h-12"
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
            className={`${state.menuOpen ? 'flex' : 'hidden'} absolute inset-x-0 top-full z-40 mt-2 flex-col gap-4 rounded-2xl bg-white p-4 shadow-lg lg:static lg:mt-0 lg:flex lg:flex-1 lg:flex-row lg:items-center lg:justify-between lg:bg-transparent lg:p-0 lg:shadow-none`}
          >
            <LinkList
              links={state.menu}
              label={state.texts.main_menu}
              newTab={state.texts.new_tab}
              className="flex flex-col gap-1 lg:mx-auto lg:flex-row"
              linkClassName="block rounded-full px-4 py-2 font-medium hover:bg-gray-100 aria-[current=page]:bg-brand aria-[current=page]:text-brand-contrast"
            />
            <VisitorActions
              state={state}
              signedIn={props.signedIn}
              outlineClassName="inline-flex items-center rounded-full border-2 border-brand px-4 py-2 font-semibold text-brand"
              joinClassName="inline-flex items-center rounded-full bg-brand px-5 py-2.5 font-semibold text-brand-contrast hover:brightness-95"
            />
          </div>
        </div>
      </div>
    </FixingHeader>
  )
}
