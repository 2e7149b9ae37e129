import { defineFooterBlock } from '../kit/chrome/footer-block.ts'
import * as component from './footer-classic.tsx'

export const footerClassic = defineFooterBlock({
  name: 'footer-classic',
  title: 'Classic footer',
  description:
    'Dark footer: logo and sponsor on the left, links in two columns on the right, compliance text and copyright below.',
  load: () => component,
})
