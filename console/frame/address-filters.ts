import { useState } from 'react'
import { useSearchParams } from 'react-router-dom'

/**
 * A list's filters, kept in the address (a link or a reload shows the same list) and read from it
 * by `read`. They answer a change at once: the address's update is a router transition, and a
 * controlled checkbox or select bound to it would show its old state until the transition lands.
 */
export function useAddressFilters<Filters>(read: (params: URLSearchParams) => Filters) {
  const [params, setParams] = useSearchParams()
  const [filters, setFilters] = useState(() => read(params))
  const set = (name: string, value: string | undefined) => {
    const next = new URLSearchParams(params)
    if (value) next.set(name, value)
    else next.delete(name)
    setFilters(read(next))
    setParams(next, { replace: true })
  }
  return [filters, set] as const
}
