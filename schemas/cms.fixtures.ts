import type { CmsContentInput } from './cms.ts'

/** A small valid payload, for tests and stories. */
export const minimalContent = {
  schema_version: 2,
  base: { variables: { group_key: 'demo', global_title: 'Demo Dental' } },
  header: { variables: {} },
  footer: { variables: {} },
  layout: { header: '1_header', footer: '1_footer' },
  theme: { primary: '#0e7490', secondary: '#164e63' },
} satisfies CmsContentInput

/** A payload using every field, with the loose forms content services send. */
export const fullContent = {
  schema_version: 2,
  base: {
    variables: {
      group_key: 'demo',
      plan_url: '/join-now',
      plans_whitelist: [{ plan_id: 1 }, { plan_id: 'gold' }],
      global_title: 'Demo Dental',
      favicon: '/favicon.svg',
      disable_performance_tracking: '1',
    },
  },
  header: {
    variables: {
      hide_top_header: 'true',
      header_phone_number: '800.555.0100',
      header_phone_link: 'tel:8005550100',
      header_timing: 'Mon–Fri 9–5',
      header_top_right_nav: [{ title: 'Blog', link: 'https://blog.example.com', icon: 'book', external: true }],
      header_top_right_directory: '/directory',
      header_top_right_office_login: 'https://offices.example.com',
      header_top_right_member_login: '/member-login',
      header_log: '/logo.svg',
      header_log2: '/logo-white.svg',
      header_log_alt: 'Demo',
      header_log_link: '/',
      header_menu: [{ title: 'FAQ', link: '/faq' }],
      header_menu_login_dropdown: [{ title: 'Members', link: '/member-login' }],
      header_join_now_text: 'Join',
      header_join_now_link: '/join-now',
      showHeaderBanner: true,
      headerBannerText: '<b>News</b>',
    },
  },
  landing_header: { variables: { headerLogo: '/logo.svg', ctaBtnText: 'Go', ctaBtnUrl: '/join-now' } },
  footer: {
    variables: {
      footer_logo: '/logo.svg',
      footer_logo_alt: 'Demo',
      logoMembersy: '/members.svg',
      sponsored_by_text: 'Sponsored by',
      sponsored_logo: '/sponsor.svg',
      sponsored_link: 'https://sponsor.example.com',
      footer_txt: 'Not insurance.',
      footer_nav: [{ title: 'Terms', link: '/terms' }],
      show_copyright_on_top: 'false',
      footer_description: 'About us',
      country: 'Canada',
    },
  },
  layout: { header: 'nx_header_1', footer: 'nx_footer_1', landing_header: 'landing_header' },
  theme: { primary: '#112233', secondary: '#445566', accent: '#778899', surface: '#ffffff', text: '#000000' },
  landing_pages: [{ slug: 'offer', title: 'Offer', home: 'true' }],
} satisfies CmsContentInput
