import { defineFooterBlock } from '../kit/chrome/footer-block.ts'
import * as component from './footer-story.tsx'

export const footerStory = defineFooterBlock({
  name: 'footer-story',
  title: 'Story footer',
  description:
    'Footer in the dark brand colour that tells who the brand is: its description, links, compliance text and a "made with love in" line.',
  load: () => component,
})
