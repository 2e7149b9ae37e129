/**
 * Whether a form's fields differ from what the page gave them, for a form that saves (the
 * dashboard's details: Save waits for a change). The browser keeps both: a field's value and its
 * default value (the one the page rendered), so nothing is copied into state.
 */
import { useCallback, useState, type SyntheticEvent } from 'react'

type TextControl = HTMLInputElement | HTMLTextAreaElement
const textControls = (form: HTMLFormElement) =>
  Array.from(form.elements).filter(
    (element): element is TextControl =>
      (element instanceof HTMLInputElement && element.type !== 'file') || element instanceof HTMLTextAreaElement,
  )

/** Whether a field differs from what the page gave it (its default value or selection). */
export const formChanged = (form: HTMLFormElement): boolean =>
  textControls(form).some((control) => control.value !== control.defaultValue) ||
  Array.from(form.elements).some(
    (element) =>
      element instanceof HTMLSelectElement &&
      Array.from(element.options).some((option) => option.selected !== option.defaultSelected),
  )

/**
 * `changed` (a field differs from what the page gave it), `attach` (the form's ref), `onChange`, and
 * `saved`: after a save, what the fields hold is what the page has now (`shown` replaces a field's
 * text, as the server formatted it), and nothing is changed. The form is looked at as it mounts or
 * hydrates, so what was typed into the server's HTML before then is a change.
 */
export function useFormChanges() {
  const [changed, setChanged] = useState(false)
  const attach = useCallback((node: HTMLFormElement | null) => {
    if (node) setChanged(formChanged(node))
  }, [])
  return {
    changed,
    attach,
    onChange: (event: SyntheticEvent<HTMLFormElement>) => setChanged(formChanged(event.currentTarget)),
    saved: (form: HTMLFormElement, shown: Partial<Record<string, string>> = {}) => {
      for (const control of textControls(form)) {
        control.value = shown[control.name] ?? control.value
        control.defaultValue = control.value
      }
      setChanged(false)
    },
  }
}
