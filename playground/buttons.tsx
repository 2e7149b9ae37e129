import type { IconButtonProps, SubmitButtonProps } from '@rjsf/utils'

/** rjsf's list buttons, with words instead of icon fonts (there are none here), for everyone to read. */
function textButton(label: string) {
  return function TextButton({
    onClick,
    disabled,
    className: _className,
    uiSchema: _uiSchema,
    registry: _registry,
    iconType: _iconType,
    icon: _icon,
    ...rest
  }: IconButtonProps) {
    return (
      <button type="button" className="pg-button mr-1" onClick={onClick} disabled={disabled} {...rest}>
        {label}
      </button>
    )
  }
}

export const buttons = {
  AddButton: textButton('Add an item'),
  MoveUpButton: textButton('Move up'),
  MoveDownButton: textButton('Move down'),
  RemoveButton: textButton('Remove'),
  CopyButton: textButton('Copy'),
  ClearButton: textButton('Clear'),
  SubmitButton: (_props: SubmitButtonProps) => null,
}
