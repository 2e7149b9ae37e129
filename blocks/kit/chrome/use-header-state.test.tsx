// @vitest-environment jsdom
import { renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { headerArgs } from '../testing/story-fixtures.ts'
import type { HeaderProps } from './header-props.ts'
import { useHeaderState } from './use-header-state.ts'

const state = (overrides: Partial<HeaderProps> = {}, header: Partial<HeaderProps['header']> = {}) =>
  renderHook(() => useHeaderState({ ...headerArgs, ...overrides, header: { ...headerArgs.header, ...header } })).result
    .current

describe('the header state', () => {
  it('targets the join button at the configured link, else the passed-in link, else /find-a-dentist', () => {
    expect(state({}, { header_join_now_link: '/plans' }).joinHref).toBe('/plans')
    expect(state({ joinLink: '/join-now' }, { header_join_now_link: undefined }).joinHref).toBe('/join-now')
    expect(state({ joinLink: undefined }, { header_join_now_link: undefined }).joinHref).toBe('/find-a-dentist')
    expect(
      state(
        { joinLink: undefined, paths: { ...headerArgs.paths, findDentist: '/dentists' } },
        { header_join_now_link: undefined },
      ).joinHref,
    ).toBe('/dentists')
  })

  it('hides the join button on any path containing join-now, and for members', () => {
    expect(state({ pathname: '/join-now' }).showJoin).toBe(false)
    expect(state({ pathname: '/offers/join-now-spring' }).showJoin).toBe(false)
    expect(state({ pathname: '/faq' }).showJoin).toBe(true)
    expect(state({ signedIn: true }).showJoin).toBe(false)
  })

  it('drops Savings Summary and Find a Dentist from a member’s menu', () => {
    expect(state().menu.map((item) => item.title)).toEqual(['Find a Dentist', 'Savings Summary', 'FAQ', 'Support'])
    expect(state({ signedIn: true }).menu.map((item) => item.title)).toEqual(['FAQ', 'Support'])
  })

  it('shows the top bar to signed-out visitors unless hidden, and the Login dropdown in its place', () => {
    expect(state()).toMatchObject({ showTopBar: true, showLoginDropdown: false })
    expect(state({}, { hide_top_header: true })).toMatchObject({ showTopBar: false, showLoginDropdown: true })
    expect(state({ signedIn: true }, { hide_top_header: true })).toMatchObject({
      showTopBar: false,
      showLoginDropdown: false,
    })
  })

  it('opens the first top-bar link in a new tab, adds the directory and the office login from configuration', () => {
    const links = state({ officeLoginUrl: 'https://offices.example.com/login' }).topBarLinks
    expect(links.map((link) => [link.title, link.href, link.external])).toEqual([
      ['Benefits guide', 'https://guide.example.com', true],
      ['File a grievance', '/grievance-form', false],
      ['Provider directory', '/directory', false],
      ['Office login', 'https://offices.example.com/login', true],
    ])
  })

  it('formats a ten-digit phone and dials its digits; uses the content’s tel: link when given', () => {
    expect(state().phone).toEqual({ display: '(800) 555-0199', href: 'tel:8005550199' })
    expect(state({}, { header_phone_link: 'tel:+18005550199' }).phone?.href).toBe('tel:+18005550199')
    expect(state({}, { header_phone_number: undefined }).phone).toBeUndefined()
  })

  it('normalises links to the brand’s own site and appends query parameters', () => {
    const menu = state(
      { siteSlug: 'brightbite' },
      {
        header_menu: [
          {
            title: 'Plans',
            link: 'https://www.brightbite.example/plans/family/',
            external: false,
            query: { zip: '97201', plan: '' },
          },
        ],
      },
    ).menu
    expect(menu[0]?.href).toBe('/family?zip=97201')
  })

  it('shows the banner only when the content switches it on', () => {
    expect(state({}, { showHeaderBanner: false }).banner).toBeUndefined()
    expect(state({}, { showHeaderBanner: true }).banner).toContain('first month free')
  })
})
