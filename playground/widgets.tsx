import type { WidgetProps } from '@rjsf/utils'
import { useId, useState } from 'react'
import { z } from '#schemas/engine/zod.ts'
import { browserSanitize } from '#engine/tools'
import { PreviewFrame } from './preview-frame.tsx'

/** What the form passes its widgets: the whole draft, for previews. */
export const formContextSchema = z.object({ content: z.record(z.string(), z.unknown()) })
export type FormContext = z.infer<typeof formContextSchema>
const layoutSchema = z.record(z.string(), z.unknown())

const inputClass =
  'w-full rounded border border-slate-400 px-2 py-1.5 focus-visible:outline-2 focus-visible:outline-sky-600'
const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** An image address, with a preview of the image. */
export function ImageWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly, label }: WidgetProps) {
  return (
    <div className="flex items-center gap-3">
      <input
        id={id}
        type="text"
        className={inputClass}
        value={text(value)}
        disabled={disabled || readonly}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      {text(value) ? (
        <img
          src={text(value)}
          alt={`Preview of ${label}`}
          className="h-10 max-w-40 rounded border border-slate-200 bg-slate-700 object-contain p-1"
        />
      ) : (
        <span className="text-xs whitespace-nowrap text-slate-500">No image</span>
      )}
    </div>
  )
}

/** Rich text: the HTML, and beside it what visitors will see once it is sanitised. */
export function RichTextWidget({ id, value, onChange, onBlur, onFocus, disabled, readonly }: WidgetProps) {
  const previewId = useId()
  return (
    <div className="grid gap-2 md:grid-cols-2">
      <textarea
        id={id}
        rows={4}
        className={`${inputClass} font-mono text-sm`}
        value={text(value)}
        aria-describedby={previewId}
        disabled={disabled || readonly}
        onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      <div id={previewId} className="rounded border border-dashed border-slate-300 bg-white p-2 text-sm">
        <p className="mb-1 text-xs font-semibold text-slate-500 uppercase">As visitors see it</p>
        <div
          className="[&_a]:text-sky-700 [&_a]:underline"
          dangerouslySetInnerHTML={{ __html: browserSanitize(text(value)) }}
        />
      </div>
    </div>
  )
}

/**
 * The variant picker: each header or footer variant with its description, and a live thumbnail
 * of the draft rendered with it (on request, since each thumbnail is a small site of its own).
 */
export function VariantWidget({ id, value, onChange, options, registry, disabled, readonly }: WidgetProps) {
  const [thumbnails, setThumbnails] = useState(false)
  const layoutKey = id.split('_').slice(2).join('_')
  const context = formContextSchema.safeParse(registry.formContext)
  const content = context.success ? context.data.content : {}
  const layout = layoutSchema.safeParse(content.layout)
  return (
    <div>
      <div role="radiogroup" aria-labelledby={`${id}-label`} className="grid gap-2 sm:grid-cols-2">
        {(options.enumOptions ?? []).map((option) => {
          const optionValue = String(option.value)
          const chosen = optionValue === value
          const schema = option.schema as { description?: string } | undefined
          return (
            <label
              key={optionValue}
              className={`flex cursor-pointer flex-col gap-2 rounded-lg border-2 p-3 ${chosen ? 'border-sky-600 bg-sky-50' : 'border-slate-200 bg-white hover:border-slate-400'}`}
            >
              <span className="flex items-start gap-2">
                <input
                  type="radio"
                  name={id}
                  value={optionValue}
                  checked={chosen}
                  disabled={disabled || readonly}
                  onChange={() => onChange(optionValue)}
                  className="mt-1"
                />
                <span>
                  <span className="block font-semibold">{option.label}</span>
                  {schema?.description && <span className="block text-sm text-slate-600">{schema.description}</span>}
                </span>
              </span>
              {thumbnails && (
                <PreviewFrame
                  title={`Preview of ${option.label}`}
                  content={{ ...content, layout: { ...(layout.success ? layout.data : {}), [layoutKey]: optionValue } }}
                  path={layoutKey === 'landing_header' ? '/' : '/faq'}
                  signedIn={false}
                  width={1280}
                  height={layoutKey === 'footer' ? 1400 : 360}
                  scale={0.22}
                />
              )}
            </label>
          )
        })}
      </div>
      <button
        type="button"
        className="mt-2 text-sm text-sky-700 underline"
        onClick={() => setThumbnails((shown) => !shown)}
        aria-expanded={thumbnails}
      >
        {thumbnails ? 'Hide previews of the variants' : 'Show previews of the variants'}
      </button>
    </div>
  )
}

export const widgets = { image: ImageWidget, richText: RichTextWidget, variant: VariantWidget }
