import { defineHeaderBlock } from '../kit/chrome/header-block.ts'
import * as component from './header-split.tsx'

export const headerSplit = defineHeaderBlock({
  name: 'header-split',
  title: 'Split header with phone',
  description:
    'Logo left and a large call-us panel right; the menu on its own row of tabs underlined in the brand colour.',
  load: () => component,
})
