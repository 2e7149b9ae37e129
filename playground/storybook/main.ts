import type { StorybookConfig } from '@storybook/react-vite'

/** Storybook: every block in every state that matters, with controls from its props schema. */
const config: StorybookConfig = {
  stories: ['../../blocks/**/*.stories.tsx', '../../engine/**/*.stories.tsx'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true },
  // The site's static files (the icon sprite, public/assets/icons-{hash}.svg).
  staticDirs: ['../../public'],
}

export default config
