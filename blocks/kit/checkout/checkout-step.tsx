import type { ReactNode } from 'react'

/** A checkout step's page: its heading (the page's one h1) and intro, then the step. */
export function CheckoutStep({
  title,
  intro,
  children,
}: {
  title: string
  intro?: string | undefined
  children: ReactNode
}) {
  return (
    <section aria-labelledby="step-heading" className="flex flex-col gap-5">
      <header className="flex flex-col gap-2">
        <h1 id="step-heading" className="text-3xl font-bold">
          {title}
        </h1>
        {intro && <p className="text-gray-700">{intro}</p>}
      </header>
      {children}
    </section>
  )
}
