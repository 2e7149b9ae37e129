import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { SPINNER_SIZES, type SpinnerSize, type ToastSeverity } from '#schemas/engine/ui.ts'
import { useConfirm } from './confirm.tsx'
import { Dialog } from './dialog.tsx'
import { useLoading } from './loading.tsx'
import { Spinner } from './spinner.tsx'
import { useToast } from './toasts.tsx'

/** The engine's interface services, as blocks use them; the play functions check keyboard behaviour. */
const meta = { title: 'Engine/Interface services' } satisfies Meta
export default meta
type Story = StoryObj<typeof meta>

const SEVERITIES: ToastSeverity[] = ['info', 'success', 'warn', 'error', 'secondary', 'contrast']

function ToastDemo() {
  const toast = useToast()
  return (
    <div className="flex flex-wrap gap-2 p-6">
      {SEVERITIES.map((severity) => (
        <button
          key={severity}
          type="button"
          className="btn-outline"
          onClick={() =>
            toast.add({ severity, summary: `A ${severity} toast`, detail: 'It closes after 5 seconds.', life: 5000 })
          }
        >
          Show {severity}
        </button>
      ))}
    </div>
  )
}

export const Toasts: Story = {
  render: () => <ToastDemo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Show success' }))
    const body = within(canvasElement.ownerDocument.body)
    const toast = await body.findByText('A success toast')
    await expect(toast.closest('li')).toHaveAttribute('data-severity', 'success')
    const viewport = toast.closest('ol')!
    await expect(getComputedStyle(viewport).top).toBe('20px')
    await expect(getComputedStyle(viewport).right).toBe('20px')
    await userEvent.click(body.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(body.queryByText('A success toast')).toBeNull())
  },
}

function ConfirmDemo() {
  const confirm = useConfirm()
  const [answer, setAnswer] = useState('none yet')
  return (
    <div className="p-6">
      <button
        type="button"
        className="btn-primary"
        onClick={() =>
          void confirm({
            title: 'Remove dependent?',
            message: 'Ana will lose her discount.',
            severity: 'danger',
            okText: 'Remove',
          }).then((value) => setAnswer(String(value)))
        }
      >
        Remove Ana
      </button>
      <p>Answer: {answer}</p>
    </div>
  )
}

export const ConfirmDialog: Story = {
  render: () => <ConfirmDemo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const body = within(canvasElement.ownerDocument.body)
    const trigger = canvas.getByRole('button', { name: 'Remove Ana' })
    await userEvent.click(trigger)
    const dialog = await body.findByRole('alertdialog', { name: 'Remove dependent?' })
    // Focus is inside the dialog and stays there.
    await expect(dialog.contains(document.activeElement)).toBe(true)
    await userEvent.tab()
    await userEvent.tab()
    await userEvent.tab()
    await expect(dialog.contains(document.activeElement)).toBe(true)
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull())
    await expect(canvas.getByText('Answer: false')).toBeVisible()
    await expect(trigger).toHaveFocus()
    await userEvent.click(trigger)
    await userEvent.click(await body.findByRole('button', { name: 'Remove' }))
    await expect(await canvas.findByText('Answer: true')).toBeVisible()
  },
}

function DialogDemo({ error, loading }: { error?: string; loading?: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <div className="p-6">
      <button type="button" className="btn-primary" onClick={() => setOpen(true)}>
        Open details
      </button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Member details"
        width="medium"
        error={error}
        loading={loading}
        footer={
          <button type="button" className="btn-outline" onClick={() => setOpen(false)}>
            Done
          </button>
        }
      >
        <p>Ana Silva, dependent since 2024.</p>
      </Dialog>
    </div>
  )
}

const openDialog: Story['play'] = async ({ canvasElement }) => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open details' }))
  await within(canvasElement.ownerDocument.body).findByRole('dialog', { name: 'Member details' })
}

export const GenericDialog: Story = {
  render: () => <DialogDemo />,
  play: async (context) => {
    await openDialog(context)
    const body = within(context.canvasElement.ownerDocument.body)
    await expect(body.queryByRole('button', { name: 'Close' })).toBeNull()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull())
    await expect(within(context.canvasElement).getByRole('button', { name: 'Open details' })).toHaveFocus()
  },
}
export const GenericDialogError: Story = {
  render: () => <DialogDemo error="Could not load the member." />,
  play: openDialog,
}
export const GenericDialogLoading: Story = { render: () => <DialogDemo loading />, play: openDialog }

function LoadingDemo({ overlayOnly = false }: { overlayOnly?: boolean }) {
  const loading = useLoading()
  return (
    <div className="p-6">
      <button
        type="button"
        className="btn-primary"
        onClick={() => loading.show({ message: 'Saving your plan', overlayOnly })}
      >
        Save
      </button>
    </div>
  )
}

export const LoadingOverlay: Story = {
  render: () => <LoadingDemo />,
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Save' }))
    const body = within(canvasElement.ownerDocument.body)
    await expect(await body.findByRole('status', { name: 'Saving your plan' })).toHaveAttribute('width', '90')
    const backdrop = canvasElement.ownerDocument.querySelector('[data-loading-overlay]')!
    await expect(getComputedStyle(backdrop).backgroundColor).toBe('oklab(0 0 0 / 0.6)')
    await expect(getComputedStyle(backdrop).backdropFilter).toBe('blur(2px)')
  },
}

export const Spinners: Story = {
  render: () => (
    <div className="flex items-end gap-6 p-6">
      {(Object.keys(SPINNER_SIZES) as SpinnerSize[]).map((size) => (
        <Spinner key={size} size={size} label={`Loading (${size})`} />
      ))}
    </div>
  ),
}
