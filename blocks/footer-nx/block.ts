import { defineFooterBlock } from '../kit/chrome/footer-block.ts'
import * as component from './footer-nx.tsx'

export const footerNx = defineFooterBlock({
  name: 'footer-nx',
  title: 'NX footer',
  description:
    'Centred footer in the primary brand colour: white logo, one row of links, compliance text and copyright.',
  load: () => component,
})
