import { useQueryClient } from '@tanstack/react-query'
import { useState, type ComponentType, type ReactElement, type ReactNode } from 'react'
import { apiQueryKey, type AnyApiQuery } from '#engine'

/**
 * Puts answers of described queries into the query cache before its children render: stories and
 * tests show a page block with data without a server, through the same hooks the page uses.
 */
export function WithApiData({
  entries,
  children,
}: {
  entries: readonly (readonly [AnyApiQuery, unknown])[]
  children: ReactNode
}) {
  const client = useQueryClient()
  useState(() => {
    for (const [query, data] of entries) client.setQueryData(apiQueryKey(query), data)
    return true
  })
  return children
}

/** A story decorator that puts these answers into the cache (`WithApiData` around the story). */
export const withApiData =
  (entries: readonly (readonly [AnyApiQuery, unknown])[]) =>
  (Story: ComponentType): ReactElement => (
    <WithApiData entries={entries}>
      <Story />
    </WithApiData>
  )
