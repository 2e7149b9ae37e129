/**
 * The values of the engine's UI services that its browser code needs at start: defaults and sizes.
 * Without zod (the shapes are in schemas/engine/ui.ts, which uses these defaults), so no page loads zod
 * to show a spinner or a toast (docs/adr/0019).
 */

/** The global loading overlay, hidden. */
export const LOADING_DEFAULTS = { isLoading: false, message: '', overlayOnly: false } as const

/** What a toast is unless its options say otherwise. */
export const TOAST_DEFAULTS = { severity: 'info', closable: true } as const

/** What a confirm dialog is unless its options say otherwise. */
export const CONFIRM_DEFAULTS = {
  okText: 'Ok',
  cancelText: 'Cancel',
  html: false,
  severity: 'primary',
  hideCancelButton: false,
} as const

/** Dialog widths of the specification. */
export const DIALOG_WIDTHS = { small: '32rem', medium: '42rem', large: '60rem', xlarge: '80rem' } as const
export type DialogWidth = keyof typeof DIALOG_WIDTHS

/** Spinner sizes in pixels (stroke 4); md is the default, the overlay uses xl. */
export const SPINNER_SIZES = { sm: 18, md: 36, lg: 54, xl: 90 } as const
export type SpinnerSize = keyof typeof SPINNER_SIZES
