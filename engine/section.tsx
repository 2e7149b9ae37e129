import { useMemo } from 'react'
import type { SectionContent } from './block.ts'
import { BlockSlot } from './block-slot.tsx'
import { useShellContext } from './site-context.tsx'

/**
 * A section of a page, chosen by content: the section block registered under its key, with its
 * settings from content as its props (checked by the block's schema, like any block's).
 */
export function Section({ section }: { section: SectionContent }) {
  const shell = useShellContext()
  const context = useMemo(() => ({ ...shell, section: section.props }), [shell, section.props])
  return <BlockSlot blockKey={section.block} context={context} />
}
