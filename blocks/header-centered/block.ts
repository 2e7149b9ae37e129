import { defineHeaderBlock } from '../kit/chrome/header-block.ts'
import * as component from './header-centered.tsx'

export const headerCentered = defineHeaderBlock({
  name: 'header-centered',
  title: 'Centered header',
  description: 'Slim top bar, the logo centred, the menu centred beneath it on a tinted band; actions on the right.',
  load: () => component,
})
