/**
 * Type-level tests of the registry, checked by `npm run typecheck`: each `@ts-expect-error`
 * fails the typecheck if the error it expects disappears.
 */
import type { CompleteRegistryBlocks, RegistryBlocks } from './block.ts'
import { testBlocks } from './test-helpers.tsx'

const { '2_footer': _missingFooter, ...withoutAFooterVariant } = testBlocks

// @ts-expect-error A registry without a block for every layout key does not compile.
export const incomplete: RegistryBlocks = withoutAFooterVariant

// @ts-expect-error A registry key must be a layout key or a page identifier.
export const unknownKey: RegistryBlocks = { ...testBlocks, '5_header': testBlocks['1_header'] }

// Page identifiers are optional: a page without a block renders the registry's fallback.
export const complete: RegistryBlocks = testBlocks

// @ts-expect-error A finished site's registry needs a block for every page identifier.
export const unfinished: CompleteRegistryBlocks = testBlocks
