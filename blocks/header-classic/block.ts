import { defineHeaderBlock } from '../kit/chrome/header-block.ts'
import * as component from './header-classic.tsx'

export const headerClassic = defineHeaderBlock({
  name: 'header-classic',
  title: 'Classic header',
  description:
    'Top bar in the secondary colour with phone, hours and links; white bar with the logo left, menu and join button right.',
  load: () => component,
})
