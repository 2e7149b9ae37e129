import { z } from './zod.ts'

/** The global loading overlay's state. */
export const loadingStateSchema = z.object({
  isLoading: z.boolean(),
  message: z._default(z.string(), ''),
  /** Only the backdrop: no spinner, no message. */
  overlayOnly: z._default(z.boolean(), false),
})
export type LoadingState = z.output<typeof loadingStateSchema>

export const toastSeveritySchema = z.enum(['info', 'success', 'warn', 'error', 'secondary', 'contrast'])
export type ToastSeverity = z.infer<typeof toastSeveritySchema>

/** A toast, as blocks ask for one. */
export const toastSchema = z.object({
  id: z.optional(z.string()),
  severity: z._default(toastSeveritySchema, 'info'),
  summary: z.optional(z.string()),
  detail: z.optional(z.string()),
  /** Milliseconds before it closes by itself; without it the toast stays until closed. */
  life: z.optional(z.number().check(z.int(), z.positive())),
  closable: z._default(z.boolean(), true),
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
  okText: z._default(z.string(), 'Ok'),
  cancelText: z._default(z.string(), 'Cancel'),
  /** The message is HTML (sanitised before it is shown). */
  html: z._default(z.boolean(), false),
  icon: z.optional(z.string()),
  severity: z._default(confirmSeveritySchema, 'primary'),
  hideCancelButton: z._default(z.boolean(), false),
})
export type ConfirmInput = z.input<typeof confirmOptionsSchema>
export type ConfirmOptions = z.output<typeof confirmOptionsSchema>

/** Dialog widths of the specification. */
export const DIALOG_WIDTHS = { small: '32rem', medium: '42rem', large: '60rem', xlarge: '80rem' } as const
export type DialogWidth = keyof typeof DIALOG_WIDTHS

/** Spinner sizes in pixels (stroke 4); md is the default, the overlay uses xl. */
export const SPINNER_SIZES = { sm: 18, md: 36, lg: 54, xl: 90 } as const
export type SpinnerSize = keyof typeof SPINNER_SIZES
