import type { Preview } from '@storybook/react-vite'
import { BlockFrame } from '#engine/tools'
import { storyConfig, storyContent } from '#blocks/kit/testing/story-fixtures.ts'
import { manifest } from '#site-config/manifest.ts'
import { registry } from '#site-config/registry.ts'
import { site } from '#site-config/site.ts'
import '../../site-config/styles.css'

const preview: Preview = {
  decorators: [
    (Story, context) => (
      <BlockFrame
        content={storyContent}
        // A story of a form with the bot check on asks for it (`parameters: { recaptcha: true }`).
        config={context.parameters.recaptcha === true ? { ...storyConfig, enableRecaptcha: true } : storyConfig}
        registry={registry}
        site={site}
        manifest={manifest}
        session={
          context.args.signedIn === true
            ? { isAuthenticated: true, email: 'member@example.com', role: 'member' }
            : { isAuthenticated: false }
        }
        path={typeof context.args.pathname === 'string' ? context.args.pathname : '/'}
      >
        <Story />
      </BlockFrame>
    ),
  ],
  parameters: {
    // Accessibility violations fail the story's test.
    a11y: { test: 'error' },
    controls: { expanded: true },
    viewport: {
      options: {
        phone: { name: 'Phone', styles: { width: '390px', height: '844px' }, type: 'mobile' },
        desktop: { name: 'Desktop', styles: { width: '1280px', height: '900px' }, type: 'desktop' },
      },
    },
  },
  initialGlobals: { viewport: { value: 'desktop', isRotated: false } },
}

export default preview
