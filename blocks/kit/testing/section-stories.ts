/** Story helpers for section blocks: their args are the section's settings, as content holds them. */
import { expect, within } from 'storybook/test'
import { PHONE } from './story-fixtures.ts'

export const phone = { globals: PHONE }

/** Checks the section shows its heading. */
export const showsHeading =
  (name: string | RegExp) =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    await expect(within(canvasElement).getByRole('heading', { level: 2, name })).toBeVisible()
  }
