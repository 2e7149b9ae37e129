import { defineHeaderBlock } from '../kit/chrome/header-block.ts'
import * as component from './header-nx.tsx'

export const headerNx = defineHeaderBlock({
  name: 'header-nx',
  title: 'NX header',
  description:
    'A floating rounded bar over the page: an accent strip with the phone, the menu as pills in the middle, a rounded call to action.',
  load: () => component,
})
