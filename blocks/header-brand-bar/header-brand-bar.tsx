import { useId } from 'react'
import { FixingHeader, HeaderBanner, HeaderLogo, LinkList, MenuToggle, TopBar } from '../kit/chrome/header-parts.tsx'
import type { HeaderProps } from '../kit/chrome/header-props.ts'
import { useHeaderState } from '../kit/chrome/use-header-state.ts'
import { VisitorActions } from '../kit/chrome/visitor-actions.tsx'

/** 3_header: a header in the brand colour with the white logo. */
export default function HeaderBrandBar(props: HeaderProps) {
  const state = useHeaderState(props)
  const menuId = useId()
  const logo = props.header.header_log2 ?? props.header.header_log
  return (
    <FixingHeader fixed={state.fixed} languages={props.languages} className="bg-brand text-brand-contrast">
      {state.banner && <HeaderBanner html={state.banner} label={state.texts.banner} />}
      {state.showTopBar && <TopBar state={state} className="bg-black/25 text-brand-contrast" />}
      <div className="relative mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <HeaderLogo src={logo} alt={props.header.header_log_alt} href={state.logoHref} siteName={props.siteName} />
        <MenuToggle
          texts={state.texts}
          open={state.menuOpen}
          onToggle={state.toggleMenu}
          controls={menuId}
          className="text-brand-contrast"
        />
        <div
          id={menuId}
          className={`${state.menuOpen ? 'flex' : 'hidden'} absolute inset-x-0 top-full z-40 flex-col gap-4 bg-brand p-4 shadow-lg lg:static lg:flex lg:flex-row lg:items-center lg:gap-8 lg:p-0 lg:shadow-none`}
        >
          <LinkList
            links={state.menu}
            label={state.texts.main_menu}
            newTab={state.texts.new_tab}
            className="flex flex-col gap-3 lg:flex-row lg:gap-8"
            linkClassName="font-medium underline-offset-8 hover:underline aria-[current=page]:underline"
          />
          <VisitorActions
            state={state}
            signedIn={props.signedIn}
            linkClassName="font-medium hover:underline"
            outlineClassName="inline-flex items-center rounded-md border-2 border-current px-4 py-2 font-semibold"
            joinClassName="inline-flex items-center rounded-md bg-white px-5 py-2.5 font-semibold text-gray-900 hover:bg-gray-100"
          />
        </div>
      </div>
    </FixingHeader>
  )
}
