// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { readFileSync } from 'node:fs'
import { useState } from 'react'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { SPINNER_SIZES } from '#schemas/engine/ui.ts'
import { EngineContext } from '../engine-context.tsx'
import { testEngine } from '../test-helpers.tsx'
import { useConfirm, type Confirm } from './confirm.tsx'
import { Dialog } from './dialog.tsx'
import { Icon, ICON_NAMES, MISSING_ICON_MESSAGE } from './icon.tsx'
import { ICON_SPRITE } from './icon-sprite.ts'
import { useLoading, type LoadingApi } from './loading.tsx'
import { Spinner } from './spinner.tsx'
import { useToast, type ToastApi } from './toasts.tsx'
import { UiProvider } from './ui-provider.tsx'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

/** Renders the services and hands back their APIs, as a block would use them. */
function renderServices() {
  const apis: { toast?: ToastApi; confirm?: Confirm; loading?: LoadingApi } = {}
  function Probe() {
    apis.toast = useToast()
    apis.confirm = useConfirm()
    apis.loading = useLoading()
    return <button type="button">Trigger</button>
  }
  render(
    <EngineContext value={testEngine()}>
      <UiProvider>
        <Probe />
      </UiProvider>
    </EngineContext>,
  )
  return apis as Required<typeof apis>
}

describe('toasts', () => {
  // The toaster's code is a chunk of its own, loaded with the first toast: the first one shows
  // once it has loaded (real timers); the tests below then run on fake ones.
  beforeAll(async () => {
    const { toast } = renderServices()
    expect(document.querySelector('[data-toast-group]')).toBeNull()
    act(() => {
      toast.add({ summary: 'The first toast' })
    })
    expect(await screen.findByText('The first toast')).toBeTruthy()
    cleanup()
  })
  beforeEach(() => vi.useFakeTimers())

  it('shows a toast and removes it after `life` milliseconds', async () => {
    const { toast } = renderServices()
    act(() => {
      toast.add({ severity: 'success', summary: 'Saved', detail: 'Your changes are saved.', life: 3000 })
    })
    expect(screen.getByText('Saved')).toBeTruthy()
    expect(screen.getByText('Your changes are saved.')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(2900))
    expect(screen.queryByText('Saved')).not.toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(200))
    expect(screen.queryByText('Saved')).toBeNull()
  })

  it('keeps a toast without `life` until it is closed, and its close button closes it', async () => {
    const { toast } = renderServices()
    act(() => {
      toast.add({ summary: 'Heads up' })
    })
    await act(() => vi.advanceTimersByTimeAsync(60_000))
    const item = screen.getByText('Heads up').closest('li')!
    expect(item.getAttribute('data-severity')).toBe('info')
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    await act(() => vi.advanceTimersByTimeAsync(500))
    expect(screen.queryByText('Heads up')).toBeNull()
  })

  it('pauses the timer while the pointer is on the toasts', async () => {
    const { toast } = renderServices()
    act(() => {
      toast.add({ summary: 'Paused', life: 1000 })
    })
    const viewport = screen.getByText('Paused').closest('ol')!
    fireEvent.pointerMove(viewport)
    await act(() => vi.advanceTimersByTimeAsync(5000))
    expect(screen.queryByText('Paused')).not.toBeNull()
    // The pointer leaves the toasts' region (pointerleave does not bubble).
    fireEvent.pointerLeave(viewport.parentElement!)
    await act(() => vi.advanceTimersByTimeAsync(1100))
    expect(screen.queryByText('Paused')).toBeNull()
  })

  it('has no close button when not closable, and clears a group', () => {
    const services = renderServices()
    act(() => {
      services.toast.add({ summary: 'Sticky', closable: false })
      services.toast.add({ summary: 'Grouped', group: 'checkout' })
    })
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull()
    // A group's toasts show only in a toaster for that group; the default one shows the rest.
    expect(screen.queryByText('Grouped')).toBeNull()
    expect(services.toast.toasts.map((item) => item.summary)).toEqual(['Sticky', 'Grouped'])
    act(() => services.toast.clear('checkout'))
    expect(services.toast.toasts.map((item) => item.summary)).toEqual(['Sticky'])
  })

  it.each(['info', 'success', 'warn', 'error', 'secondary', 'contrast'] as const)('shows severity %s', (severity) => {
    const { toast } = renderServices()
    act(() => {
      toast.add({ severity, summary: severity })
    })
    expect(screen.getByText(severity).closest('li')?.getAttribute('data-severity')).toBe(severity)
  })
})

describe('the confirm dialog', () => {
  it('resolves true on OK, with the default texts', async () => {
    const { confirm } = renderServices()
    let answer: Promise<boolean> | undefined
    act(() => {
      answer = confirm({ title: 'Remove member?', message: 'Ana will lose her discount.' })
    })
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove member?' })
    expect(dialog.getAttribute('data-severity')).toBe('primary')
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Ok' }))
    await expect(answer).resolves.toBe(true)
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull())
  })

  it('resolves false on Cancel and on Escape', async () => {
    const { confirm } = renderServices()
    let first: Promise<boolean> | undefined
    act(() => {
      first = confirm({
        title: 'Leave?',
        message: 'Unsaved changes',
        okText: 'Leave',
        cancelText: 'Stay',
        severity: 'danger',
      })
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Stay' }))
    await expect(first).resolves.toBe(false)

    let second: Promise<boolean> | undefined
    act(() => {
      second = confirm({ title: 'Leave?', message: 'Unsaved changes' })
    })
    fireEvent.keyDown(await screen.findByRole('alertdialog'), { key: 'Escape' })
    await expect(second).resolves.toBe(false)
  })

  it('hides the cancel button on request and sanitises an HTML message', async () => {
    const { confirm } = renderServices()
    act(() => {
      void confirm({
        title: 'Done',
        message: '<b>Saved</b><img src=x onerror=alert(1)>',
        html: true,
        hideCancelButton: true,
        icon: 'check',
      })
    })
    const dialog = await screen.findByRole('alertdialog')
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull()
    // DOMPurify is loaded for the message (the site's pages do not carry it): then it shows, clean.
    await waitFor(() => expect(dialog.querySelector('b')?.textContent).toBe('Saved'))
    expect(dialog.innerHTML).not.toContain('onerror')
    expect(dialog.querySelector('img')?.getAttribute('src')).toBe('x')
  })
})

describe('the loading overlay', () => {
  it('shows a spinner and the message, and hides again', async () => {
    const services = renderServices()
    const { loading } = services
    act(() => loading.show('Saving your plan'))
    expect(services.loading.state).toEqual({ isLoading: true, message: 'Saving your plan', overlayOnly: false })
    expect(await screen.findByRole('status', { name: 'Saving your plan' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Saving your plan' }).className).not.toContain('sr-only')
    expect(document.querySelector('[data-loading-overlay]')?.className).toContain('bg-black/60')
    expect(document.querySelector('[data-loading-overlay]')?.className).toContain('backdrop-blur-[2px]')
    act(() => loading.hide())
    await waitFor(() => expect(screen.queryByRole('status')).toBeNull())
    expect(services.loading.state.isLoading).toBe(false)
  })

  it('shows only the backdrop with overlayOnly, and still names and says what it waits for', async () => {
    const { loading } = renderServices()
    act(() => loading.show({ message: 'Working', overlayOnly: true }))
    await waitFor(() => expect(document.querySelector('[data-loading-overlay]')).not.toBeNull())
    expect(screen.queryByRole('status', { name: 'Working' })).toBeNull()
    expect(screen.getByRole('heading', { name: 'Working' }).className).toContain('sr-only')
    expect(screen.getByRole('dialog', { name: 'Working' })).toBeTruthy()
  })

  it('names its dialog with the message and says it in a live region, also a new one while shown', async () => {
    const { loading } = renderServices()
    act(() => loading.show('Processing your payment…'))
    const dialog = await screen.findByRole('dialog', { name: 'Processing your payment…' })
    const region = () => dialog.querySelector('[aria-live="assertive"]')
    await waitFor(() => expect(region()?.textContent).toBe('Processing your payment…'))
    act(() => loading.show('Starting your membership…'))
    await waitFor(() => expect(region()?.textContent).toBe('Starting your membership…'))
    expect(screen.getByRole('dialog', { name: 'Starting your membership…' })).toBe(dialog)
  })

  it('takes focus while shown and gives it back to where it was when it hides', async () => {
    const { loading } = renderServices()
    const trigger = screen.getByRole('button', { name: 'Trigger' })
    trigger.focus()
    act(() => loading.show('Cancelling your membership…'))
    const dialog = await screen.findByRole('dialog', { name: 'Cancelling your membership…' })
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    act(() => loading.hide())
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(document.activeElement).toBe(trigger))
  })

  it('gives focus back to a control disabled while it showed, once it is enabled again', async () => {
    const { loading } = renderServices()
    const trigger = screen.getByRole('button', { name: 'Trigger' })
    trigger.focus()
    act(() => loading.show('Processing your payment…'))
    trigger.setAttribute('disabled', '')
    await screen.findByRole('dialog', { name: 'Processing your payment…' })
    act(() => loading.hide())
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(document.activeElement).not.toBe(trigger)
    trigger.removeAttribute('disabled')
    await waitFor(() => expect(document.activeElement).toBe(trigger))
  })
})

describe('the generic dialog', () => {
  function Harness(props: { error?: string; loading?: boolean; initiallyOpen?: boolean }) {
    const { initiallyOpen = true, ...shown } = props
    const [open, setOpen] = useState(initiallyOpen)
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        <Dialog
          open={open}
          onOpenChange={setOpen}
          title="Member details"
          width="large"
          footer={
            <button type="button" onClick={() => setOpen(false)}>
              Done
            </button>
          }
          {...shown}
        >
          <p>Ana Silva</p>
        </Dialog>
      </>
    )
  }

  it('renders nothing while closed; opened, it loads its code and shows, and closes again', async () => {
    render(<Harness initiallyOpen={false} />)
    expect(screen.queryByRole('dialog')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Open' }))
    expect(await screen.findByRole('dialog', { name: 'Member details' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('shows its content, in the chosen width, without a close X', async () => {
    render(<Harness />)
    const dialog = await screen.findByRole('dialog', { name: 'Member details' })
    expect(dialog.getAttribute('data-width')).toBe('large')
    expect(dialog.style.getPropertyValue('--dialog-width')).toBe('60rem')
    expect(screen.getByText('Ana Silva')).toBeTruthy()
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Done'])
  })

  it('shows the error panel instead of the content, and a spinner while loading', async () => {
    const { rerender } = render(<Harness error="Could not load the member" loading />)
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load the member')
    expect(screen.queryByText('Ana Silva')).toBeNull()
    rerender(<Harness loading />)
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy()
    expect(screen.queryByText('Ana Silva')).toBeNull()
  })
})

describe('icons and spinners', () => {
  it('logs the missing-icon line for an unknown icon and renders nothing', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { container } = render(<Icon name="unicorn" />)
    expect(container.innerHTML).toBe('')
    expect(error).toHaveBeenCalledWith(MISSING_ICON_MESSAGE, { iconName: 'unicorn' })
    expect(MISSING_ICON_MESSAGE).toBe('Could not find one or more icon(s)')
    error.mockRestore()
  })

  it('hides decorative icons and labels meaningful ones', () => {
    render(<Icon name="phone" label="Call us" />)
    expect(screen.getByRole('img', { name: 'Call us' })).toBeTruthy()
    const { container } = render(<Icon name="clock" />)
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true')
  })

  it('draws each icon of the set from a symbol of the sprite the build serves', () => {
    const sprite = readFileSync(`public${ICON_SPRITE}`, 'utf8')
    const symbols = [...sprite.matchAll(/<symbol id="([a-z-]+)" viewBox="0 0 24 24">/g)].map((match) => match[1])
    expect(symbols).toEqual([...ICON_NAMES])
    const { container } = render(<Icon name="map-pin" size={28} />)
    expect(container.querySelector('use')?.getAttribute('href')).toBe(`${ICON_SPRITE}#map-pin`)
    expect(container.querySelector('svg')?.getAttribute('width')).toBe('28')
  })

  it.each(Object.entries(SPINNER_SIZES))('draws the %s spinner %i pixels wide with stroke 4', (size, pixels) => {
    render(<Spinner size={size as keyof typeof SPINNER_SIZES} />)
    const svg = screen.getByRole('status')
    expect(svg.getAttribute('width')).toBe(String(pixels))
    expect(svg.querySelector('circle')?.getAttribute('stroke-width')).toBe('4')
  })

  it('defaults to the md spinner (36 pixels)', () => {
    render(<Spinner />)
    expect(screen.getByRole('status').getAttribute('width')).toBe('36')
  })
})
