import { defineHeaderBlock } from '../kit/chrome/header-block.ts'
import * as component from './header-brand-bar.tsx'

export const headerBrandBar = defineHeaderBlock({
  name: 'header-brand-bar',
  title: 'Brand-bar header',
  description: 'The whole header in the primary brand colour, with the white logo, white menu and a light join button.',
  load: () => component,
})
