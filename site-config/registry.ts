import { BlockRegistry, type RegistryBlocks } from '#engine'
import { footerClassic } from '#blocks/footer-classic/block.ts'
import { headerClassic } from '#blocks/header-classic/block.ts'

/**
 * The dental site's blocks, by registry key. Every layout key needs a block (the type says
 * so); page identifiers without a block render the registry's fallback.
 */
export const blocks = {
  '1_header': headerClassic,
  '2_header': headerClassic,
  '3_header': headerClassic,
  '4_header': headerClassic,
  nx_header_1: headerClassic,
  landing_header: headerClassic,
  '1_footer': footerClassic,
  '2_footer': footerClassic,
  nx_footer_1: footerClassic,
} satisfies RegistryBlocks

export const registry = new BlockRegistry(blocks)

/** The source module of a block's component (its chunk in the build manifest). */
export const blockModule = (name: string): string => `blocks/${name}/${name}.tsx`
