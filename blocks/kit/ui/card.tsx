import { createElement, type ComponentProps } from 'react'

/** The elements a card is drawn on: a card is a part of the page with a role of its own. */
type CardElement = 'div' | 'section' | 'article' | 'aside' | 'li' | 'form'

const PADDING = { md: 'p-4', lg: 'p-5' } as const

export type CardProps<E extends CardElement> = {
  /** The element (`div` unless it says): a `section` or `aside` named by its heading, an `li` of a list, a `form`. */
  as?: E
  /** `md` (1 rem) for a card in a list or a form, `lg` (1.25 rem) for a panel of its own. */
  padding: keyof typeof PADDING
  /** A light shadow, for a card that stands out from the page (the calculator, the dashboard's panels). */
  raised?: boolean
  /** The card's own classes: its layout (flex, gap, grid). */
  className?: string
} & Omit<ComponentProps<E>, 'className'>

/**
 * A white card with the site's grey border and rounded corners. Every other prop (and `ref`) is
 * the element's.
 */
export function Card<E extends CardElement = 'div'>({
  as,
  padding,
  raised = false,
  className,
  ...props
}: CardProps<E>) {
  const classes = ['rounded-lg border border-gray-300 bg-white', PADDING[padding], raised && 'shadow-sm', className]
  return createElement(as ?? 'div', { ...props, className: classes.filter(Boolean).join(' ') })
}
