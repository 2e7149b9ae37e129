import { useState } from 'react'
import { api } from './api.ts'

/**
 * Ends every preview link of the tenant shared until now (a link sent to the wrong person, or
 * one that outlived its purpose): asked once more before, since no link can be brought back.
 */
export function RevokePreviewLinks({
  onDone,
}: {
  onDone: (result: { tone: 'success' | 'error'; text: string }) => void
}) {
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  const revoke = async () => {
    setBusy(true)
    try {
      onDone({ tone: 'success', text: (await api.revokePreviewLinks()).message })
    } catch (error) {
      onDone({
        tone: 'error',
        text: `The preview links could not be revoked: ${error instanceof Error ? error.message : String(error)}`,
      })
    } finally {
      setBusy(false)
      setAsking(false)
    }
  }
  if (!asking) {
    return (
      <button type="button" className="pg-button-dark" onClick={() => setAsking(true)}>
        Revoke preview links
      </button>
    )
  }
  return (
    <span
      role="group"
      aria-label="Revoke every preview link"
      className="flex items-center gap-2 text-sm text-slate-100"
    >
      Every preview link shared until now stops working.
      <button type="button" className="pg-button-primary" disabled={busy} onClick={() => void revoke()}>
        Revoke every link
      </button>
      <button type="button" className="pg-button-dark" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </span>
  )
}
