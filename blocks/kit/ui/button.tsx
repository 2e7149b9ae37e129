import type { ComponentProps } from 'react'
import { Link } from '#engine'

/** The site's looks of a button: the `btn-*` classes of site-config/styles.css, and a button drawn as a link. */
const VARIANTS = {
  /** The main action: the brand's colour, filled. */
  primary: 'btn-primary',
  /** A second action beside it: outlined in the brand's colour. */
  outline: 'btn-outline',
  /** A small action in running text or a table: underlined, like a link. */
  link: 'underline',
} as const
export type ButtonVariant = keyof typeof VARIANTS

/**
 * The classes of a variant, with the element's own: for an element that looks like a button but
 * is neither a `Button` nor a `ButtonLink` (a link from content, a menu's trigger, a default that
 * a header variant may replace).
 */
export function buttonClass(variant: ButtonVariant, className?: string): string {
  return className ? `${VARIANTS[variant]} ${className}` : VARIANTS[variant]
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant: ButtonVariant
}

/** A `<button>` in one of the site's looks; `type` is `button` unless it says `submit`. Every other prop (and `ref`) is the button's. */
export function Button({ variant, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />
}

export type ButtonLinkProps = ComponentProps<typeof Link> & { variant: ButtonVariant }

/** A link of the site (the engine's `Link`, which prefetches) that looks like a button. */
export function ButtonLink({ variant, className, ...props }: ButtonLinkProps) {
  return <Link className={buttonClass(variant, className)} {...props} />
}
