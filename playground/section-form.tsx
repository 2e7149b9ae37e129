import Form from '@rjsf/core'
import type { ErrorSchema, RJSFSchema } from '@rjsf/utils'
import { customizeValidator } from '@rjsf/validator-ajv8'
import { Ajv2020 } from 'ajv/dist/2020.js'
import { memo, useEffect, useMemo, useRef } from 'react'
import type { ValidationIssue } from '#schemas/engine/validation-error.ts'
import { uiSchemaFor, type SectionKey } from './editor-schema.ts'
import { widgets, type FormContext } from './widgets.tsx'
import { buttons } from './buttons.tsx'

/** rjsf validates with ajv's draft 2020-12 class, the dialect the schema is generated in. */
const validator = customizeValidator({ AjvClass: Ajv2020, ajvOptionsOverrides: { strict: false } })

/** The issues of one part, as rjsf shows them at their fields. */
export function errorSchemaOf(issues: ValidationIssue[], section: SectionKey): ErrorSchema {
  const root: Record<string, unknown> = {}
  for (const issue of issues) {
    if (issue.path[0] !== section) continue
    let node = root
    for (const key of issue.path.slice(1)) {
      const name = String(key)
      node[name] ??= {}
      node = node[name] as Record<string, unknown>
    }
    const errors = (node.__errors as string[] | undefined) ?? []
    node.__errors = [...errors, issue.message]
  }
  return root as ErrorSchema
}

interface SectionFormProps {
  section: SectionKey
  schema: RJSFSchema
  value: unknown
  issues: ValidationIssue[]
  /** The whole draft, for the widgets that preview it (the layout's variant picker); else undefined. */
  content: Record<string, unknown> | undefined
  /** `normalised`: the form filled in its defaults as it mounted (not an edit of the user's). */
  onChange: (section: SectionKey, value: unknown, normalised: boolean) => void
}

/** One part of the content as a form generated from its schema. */
export const SectionForm = memo(function SectionForm({
  section,
  schema,
  value,
  issues,
  content,
  onChange,
}: SectionFormProps) {
  // rjsf reports the value with its defaults filled in as it mounts: that is not an edit.
  const mounted = useRef(false)
  useEffect(() => {
    mounted.current = true
  }, [])
  const uiSchema = useMemo(() => uiSchemaFor(schema), [schema])
  const extraErrors = useMemo(() => errorSchemaOf(issues, section), [issues, section])
  const formContext = useMemo<FormContext>(() => ({ content: content ?? {} }), [content])
  return (
    <Form
      schema={schema}
      uiSchema={uiSchema}
      formData={value}
      validator={validator}
      widgets={widgets}
      formContext={formContext}
      idPrefix={`root_${section}`}
      extraErrors={extraErrors}
      showErrorList={false}
      noHtml5Validate
      onChange={(event) => onChange(section, event.formData, !mounted.current)}
      templates={{ ButtonTemplates: buttons }}
      className="playground-form"
    />
  )
})
