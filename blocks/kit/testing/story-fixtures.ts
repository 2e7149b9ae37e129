/** Content and settings the blocks' stories render with: parsed by the real schema. */
import type { PublicConfig } from '#schemas/runtime.ts'
import { parseCmsContent } from '#schemas/parse-cms.ts'
import type { FooterProps } from '../chrome/footer-props.ts'
import type { HeaderProps } from '../chrome/header-props.ts'

const svg = (body: string, width = 300, height = 73) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`)}`
const logo = (color: string) =>
  svg(
    `<circle cx="36" cy="36" r="26" fill="${color}"/><text x="74" y="46" font-family="Arial" font-size="28" font-weight="700" fill="${color}">Brightbite</text>`,
  )

export const storyContent = parseCmsContent({
  schema_version: 2,
  base: { variables: { group_key: 'story', plan_url: '/join-now', global_title: 'Brightbite Dental Plan' } },
  header: {
    variables: {
      header_phone_number: '800-555-0199',
      header_timing: 'Mon–Fri 8am–6pm',
      header_top_right_nav: [
        { title: 'Benefits guide', link: 'https://guide.example.com', icon: 'book' },
        { title: 'File a grievance', link: '/grievance-form', icon: 'flag' },
      ],
      header_top_right_directory: '/directory',
      header_log: logo('#0e7490'),
      header_log2: logo('#ffffff'),
      header_log_alt: 'Brightbite home',
      header_menu: [
        { title: 'Find a Dentist', link: '/find-a-dentist' },
        { title: 'Savings Summary', link: '/savings-summary' },
        { title: 'FAQ', link: '/faq' },
        { title: 'Support', link: '/support' },
      ],
      header_menu_login_dropdown: [
        { title: 'Member login', link: '/member-login' },
        { title: 'Office login', link: 'https://offices.example.com', external: true },
      ],
      header_join_now_text: 'Join now',
      header_join_now_link: '/join-now',
      headerBannerText: 'Spring offer: <strong>first month free</strong> with code <a href="/join-now">SPRING</a>.',
    },
  },
  landing_header: { variables: { headerLogo: logo('#0e7490'), ctaBtnText: 'See plans', ctaBtnUrl: '/join-now' } },
  footer: {
    variables: {
      footer_logo: logo('#ffffff'),
      footer_logo_alt: 'Brightbite Dental Plan',
      sponsored_by_text: 'Administered by Brightbite Benefits, Inc.',
      footer_txt: 'Brightbite is a discount plan, <strong>not insurance</strong>. See the <a href="/terms">terms</a>.',
      footer_nav: [
        { title: 'Terms of Service', link: '/terms' },
        { title: 'Privacy Policy', link: '/privacy' },
        { title: 'FAQ', link: '/faq' },
        { title: 'Support', link: '/support' },
      ],
      footer_description: 'Affordable dental care for families, at thousands of offices.',
      country: 'Oregon',
    },
  },
  layout: { header: '1_header', footer: '1_footer' },
  theme: { primary: '#0e7490', secondary: '#164e63' },
  landing_pages: [{ slug: 'spring', title: 'Spring offer', home: true }],
})

export const storyConfig: PublicConfig = {
  companyName: 'Brightbite Benefits, Inc.',
  officeLoginUrl: 'https://offices.example.com/login',
  publicUrl: 'https://brightbite.example.com',
  siteSlug: 'brightbite',
  idleAuthMilliseconds: 900_000,
  idleSessionMilliseconds: 3_600_000,
  enableRecaptcha: false,
  buildId: 'storybook',
  paymentFields: { port: 6007 },
}

export const headerArgs: HeaderProps = {
  header: storyContent.header.variables,
  siteName: storyContent.base.variables.global_title,
  signedIn: false,
  pathname: '/faq',
  officeLoginUrl: storyConfig.officeLoginUrl,
  siteSlug: storyConfig.siteSlug,
  joinLink: storyContent.base.variables.plan_url,
  fixOnScroll: false,
  paths: { home: '/', memberLogin: '/member-login', findDentist: '/find-a-dentist' },
}

export const footerArgs: FooterProps = {
  footer: storyContent.footer.variables,
  siteName: storyContent.base.variables.global_title,
  companyName: storyConfig.companyName,
  year: 2026,
  siteSlug: storyConfig.siteSlug,
  privacyChoices: false,
}

/** Story globals for the phone viewport (defined in playground/storybook/preview.tsx). */
export const PHONE = { viewport: { value: 'phone', isRotated: false } }
