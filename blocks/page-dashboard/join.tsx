import { lazy, Suspense, useState } from 'react'
import { isCovered } from '#schemas/membership-states.ts'
import { useApiQuery } from '#engine/data'
import { Button } from '../kit/ui/button.tsx'
import { dashboardQueries } from './queries.ts'
import type { PageDashboardProps } from './props.ts'

/** The join flow loads when it is asked for (or pointed at), not with the dashboard. */
const loadJoinDialog = () => import('./join-dialog.tsx')
const JoinDialog = lazy(loadJoinDialog)

/** The dashboard's props: its texts, the card fields, and what the renewal terms name (phone, terms page). */
export type JoinProps = PageDashboardProps

/**
 * For an account whose membership no longer covers it (cancelled, expired) or that never had one:
 * joining (again) from the dashboard, with the account already known.
 */
export default function Join(props: JoinProps) {
  const { data: info } = useApiQuery(dashboardQueries.info)
  const [open, setOpen] = useState(false)
  const status = info.subscription?.status
  if (status !== undefined && isCovered(status) && !open) return null
  const { settings } = props
  const ended = status !== undefined
  return (
    <div className="flex flex-col items-start gap-3 rounded-md bg-gray-50 p-3">
      <p>{ended ? settings.rejoin_intro : settings.join_intro}</p>
      <Button variant="primary" onClick={() => setOpen(true)} onPointerEnter={() => void loadJoinDialog()}>
        {ended ? settings.rejoin_button : settings.join_button}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <JoinDialog {...props} info={info} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  )
}
