import { z } from './zod.ts'
import { CONFIRM_DEFAULTS, LOADING_DEFAULTS, TOAST_DEFAULTS } from './ui-values.ts'

export { DIALOG_WIDTHS, SPINNER_SIZES, type DialogWidth, type SpinnerSize } from './ui-values.ts'

/**
 * The options of the engine's UI services (loading overlay, toasts, confirm dialog): the engine's
 * own API for blocks, typed by these schemas; the services apply the defaults (schemas/engine/ui-values.ts)
 * without parsing, so zod is not part of a page's start.
 */

/** The global loading overlay's state. */
export const loadingStateSchema = z.object({
  isLoading: z.boolean(),
  message: z._default(z.string(), LOADING_DEFAULTS.message),
  /** Only the backdrop: no spinner, no message. */
  overlayOnly: z._default(z.boolean(), LOADING_DEFAULTS.overlayOnly),
})
export type LoadingState = z.output<typeof loadingStateSchema>

export const toastSeveritySchema = z.enum(['info', 'success', 'warn', 'error', 'secondary', 'contrast'])
export type ToastSeverity = z.infer<typeof toastSeveritySchema>

/** A toast, as blocks ask for one. */
export const toastSchema = z.object({
  id: z.optional(z.string()),
  severity: z._default(toastSeveritySchema, TOAST_DEFAULTS.severity),
  summary: z.optional(z.string()),
  detail: z.optional(z.string()),
  /** Milliseconds before it closes by itself; without it the toast stays until closed. */
  life: z.optional(z.number().check(z.int(), z.positive())),
  closable: z._default(z.boolean(), TOAST_DEFAULTS.closable),
  /** A named group: a toaster for that group shows it; the default toaster shows toasts without one. */
  group: z.optional(z.string()),
  styleClass: z.optional(z.string()),
  contentStyleClass: z.optional(z.string()),
})
export type ToastInput = z.input<typeof toastSchema>
export type Toast = z.output<typeof toastSchema> & { id: string }

export const confirmSeveritySchema = z.enum(['primary', 'danger', 'success', 'warning'])
export type ConfirmSeverity = z.infer<typeof confirmSeveritySchema>

/** What a confirm dialog asks. */
export const confirmOptionsSchema = z.object({
  title: z.string(),
  message: z.string(),
  okText: z._default(z.string(), CONFIRM_DEFAULTS.okText),
  cancelText: z._default(z.string(), CONFIRM_DEFAULTS.cancelText),
  /** The message is HTML (sanitised before it is shown). */
  html: z._default(z.boolean(), CONFIRM_DEFAULTS.html),
  icon: z.optional(z.string()),
  severity: z._default(confirmSeveritySchema, CONFIRM_DEFAULTS.severity),
  hideCancelButton: z._default(z.boolean(), CONFIRM_DEFAULTS.hideCancelButton),
})
export type ConfirmInput = z.input<typeof confirmOptionsSchema>
export type ConfirmOptions = z.output<typeof confirmOptionsSchema>
