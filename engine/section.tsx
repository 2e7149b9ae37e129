import { useMemo } from 'react'
import { BlockSlot } from './block-slot.tsx'
import { useShellContext } from './site-context.tsx'

/** A section as a site's content lists it: the key of its block, and its settings (the block checks them). */
export interface SectionContent {
  block: string
  props?: unknown
}

/**
 * A section of a page, chosen by content: the section block registered under its key, with its
 * settings from content as its props (checked by the block's schema, like any block's).
 */
export function Section({ section }: { section: SectionContent }) {
  const shell = useShellContext()
  const context = useMemo(() => ({ ...shell, section: section.props }), [shell, section.props])
  return <BlockSlot blockKey={section.block} context={context} />
}
